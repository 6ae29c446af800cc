import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { writeSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";

/** A server running in its own Node process. */
export interface ChildServer {
  /** Base origin, e.g. `http://127.0.0.1:40123`. */
  origin: string;
  pid: number;
  /** Stop the process and wait for it to exit. */
  stop(): Promise<void>;
}

/** How to start a child server script from `src/children/`. */
export interface ChildServerOptions {
  /** File name under `src/children/`, e.g. `fixed-bytes-server.ts`. */
  script: string;
  env?: Record<string, string>;
  /** Core to pin the process to, when pinning is possible. */
  cpu?: number;
  /** How long to wait for the ready line. Defaults to 60 s. */
  timeoutMs?: number;
}

const benchRoot = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Start `src/children/<script>` under tsx with workspace packages resolved to their source, and wait
 * for the `{"port": n}` line it writes to fd 3 once it listens on 127.0.0.1.
 */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const script = fileURLToPath(new URL(`../children/${options.script}`, import.meta.url));
  // `pnpm bench -- --profile` sets BENCH_CPU_PROF_DIR (Node 20 refuses --cpu-prof in NODE_OPTIONS).
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const nodeArgs = [process.execPath, ...profile, "--import", "tsx", "--conditions=@petstore/source", script];
  // Pin from the start (taskset execs node in place), so any process the script spawns inherits the core.
  const [command, ...args] = options.cpu === undefined ? nodeArgs : ["taskset", "-c", String(options.cpu), ...nodeArgs];
  const child = spawn(command!, args, {
    cwd: benchRoot,
    env: { ...process.env, ...options.env },
    // Stdout (request logs) goes to /dev/null so the load generator never spends CPU reading it;
    // the ready line comes on fd 3 and errors stay visible on stderr.
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  // Errors stay visible, and the last of them name why a child that never listened failed.
  const recent: string[] = [];
  createInterface({ input: child.stderr! }).on("line", (line) => {
    process.stderr.write(`${line}\n`);
    recent.push(line);
    if (recent.length > 20) recent.shift();
  });
  try {
    const port = await readPort(child, options.script, options.timeoutMs ?? 60_000, () => recent);
    return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/** Read stdout lines until the child announces its port, failing on exit or timeout. */
async function readPort(
  child: ChildProcess,
  script: string,
  timeoutMs: number,
  stderr: () => readonly string[],
): Promise<number> {
  const lines = createInterface({ input: child.stdio[3] as Readable });
  return await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`[@petstore/bench] child server gave no port within ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once("exit", (code) => {
      clearTimeout(timer);
      // Wait for the last stderr lines, then quote the first error line among them.
      setImmediate(() => {
        const cause = stderr().find((line) => /^\w*Error\b/.test(line.trim()));
        reject(
          new Error(
            `[@petstore/bench] child server ${script} exited with code ${code} before listening${cause ? `: ${cause.trim()}` : ""}`,
          ),
        );
      });
    });
    lines.on("line", (line) => {
      const port = parseReadyLine(line);
      if (port === undefined) return;
      clearTimeout(timer);
      resolve(port);
    });
  });
}

/** The port in a `{"port": n}` line, or undefined for any other line. */
export function parseReadyLine(line: string): number | undefined {
  if (!line.startsWith("{")) return undefined;
  try {
    const parsed = JSON.parse(line) as { port?: unknown };
    return typeof parsed.port === "number" && Number.isInteger(parsed.port) && parsed.port > 0
      ? parsed.port
      : undefined;
  } catch {
    return undefined;
  }
}

/** SIGTERM the child (SIGKILL after 5 s) and wait for it to exit. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Announce readiness to the parent on fd 3; children call this once they listen. */
export function announcePort(port: number): void {
  writeSync(3, `${JSON.stringify({ port })}\n`);
}
