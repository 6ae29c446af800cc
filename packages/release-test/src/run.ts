import { spawn, type ChildProcess } from "node:child_process";

/** What a finished command printed. */
export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Options of `run`. */
export interface RunOptions {
  /** Working directory of the command. */
  cwd: string;
  /** Complete environment of the command (nothing is inherited). */
  env: NodeJS.ProcessEnv;
  /** Milliseconds after which the command and everything it started are killed and `run` rejects. Defaults to none. */
  timeoutMs?: number;
}

// Every command still running, each the leader of its own process group: a test that gives up (a hook timeout)
// must not leave an `npm install` and its children behind.
const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/** Kills every command `run` started that has not finished, with all the processes it started. */
export function killRunning(): void {
  for (const child of running) killGroup(child);
}

/** Runs a command to completion; rejects with its exit code and the end of its output when it fails. */
export function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    running.add(child);
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            killGroup(child);
          }, options.timeoutMs);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", (error) => {
      running.delete(child);
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      running.delete(child);
      clearTimeout(timer);
      // The command is done, but something it started in the background may still hold the group.
      killGroup(child);
      if (code === 0 && !timedOut) return resolve({ stdout, stderr });
      const output = `${stdout}\n${stderr}`.trim().split("\n").slice(-60).join("\n");
      const how = timedOut ? `timed out after ${options.timeoutMs} ms` : (signal ?? `exit ${code}`);
      reject(
        new Error(
          `[@petstore/release-test] \`${command} ${args.join(" ")}\` in ${options.cwd} failed (${how}):\n${output}`,
        ),
      );
    });
  });
}
