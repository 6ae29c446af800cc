import { spawn } from "node:child_process";

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
}

/** Runs a command to completion; rejects with its exit code and the end of its output when it fails. */
export function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) return resolve({ stdout, stderr });
      const output = `${stdout}\n${stderr}`.trim().split("\n").slice(-60).join("\n");
      reject(
        new Error(
          `[@petstore/release-test] \`${command} ${args.join(" ")}\` in ${options.cwd} failed (${signal ?? `exit ${code}`}):\n${output}`,
        ),
      );
    });
  });
}
