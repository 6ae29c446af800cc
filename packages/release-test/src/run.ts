import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

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

function kill(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

function killGroup(child: ChildProcess): void {
  if (child.pid !== undefined) kill(-child.pid);
}

/**
 * Every process below `pid`, from Linux's /proc (none elsewhere). A command's tests may start servers in a
 * process group of their own (a detached `npm run dev`), which killing the command's group would miss.
 */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  for (const entry of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // "pid (name) state ppid …": the name may hold spaces and parentheses, so read after the last ")".
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (let pending = [pid], next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const child of children.get(next) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

/** Kills `child`'s process group and every process below it, all found before any dies (none is reparented away). */
function killTree(child: ChildProcess): void {
  if (child.pid === undefined) return;
  const below = descendants(child.pid);
  killGroup(child);
  for (const pid of below) kill(pid);
}

/** Kills every command `run` started that has not finished, with all the processes it started. */
export function killRunning(): void {
  for (const child of running) killTree(child);
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
            killTree(child);
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
