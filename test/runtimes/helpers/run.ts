import { spawn, type SpawnOptions } from "node:child_process";

/** What a finished child process printed. */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (killing it after `timeout` ms) and collects its output. */
export function run(command: string, args: string[], options: SpawnOptions & { timeout?: number } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeout ?? 60_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The JSON object on the last line of stdout; throws with everything printed when there is none. */
export function lastJson<T>({ code, stdout, stderr }: Ran): T {
  const line = stdout.trim().split("\n").at(-1) ?? "";
  try {
    return JSON.parse(line) as T;
  } catch {
    throw new Error(`exit code ${code}, no JSON result.\nstdout:\n${stdout}\nstderr:\n${stderr}`);
  }
}
