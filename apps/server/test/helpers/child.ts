import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const serverRoot = fileURLToPath(new URL("../..", import.meta.url));

/** A server started with `src/main.ts` in its own process, as `pnpm start` runs it. */
export interface ChildServer {
  child: ChildProcess;
  baseUrl: string;
  /** Everything written to stdout (JSON logs) and stderr (banner) so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when `pattern` appears in stdout or stderr. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or the signal that ended it). */
  exited: Promise<number | NodeJS.Signals>;
}

/**
 * Spawns the server from source with `env` on top of a clean environment; resolves once it listens.
 * `prefix` runs it under another command, such as `unshare --pid --fork` for a PID namespace of its own.
 */
export function spawnServer(env: Record<string, string>, options: { prefix?: string[] } = {}): Promise<ChildServer> {
  return startChild(env, options.prefix ?? []).then(async (server) => {
    const match = await server.waitFor(/listening on (http:\/\/\S+\/v1)/);
    return { ...server, baseUrl: match[1]! };
  });
}

/** Spawns the server like `spawnServer` without waiting for it to listen: for servers expected to refuse to start. */
export function startChild(env: Record<string, string>, prefix: string[] = []): Promise<Omit<ChildServer, "baseUrl">> {
  const command = [...prefix, process.execPath, "--import", "tsx", "--conditions=@petstore/source", "src/main.ts"];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? "", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const waiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = (out + err).match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout!.on("data", (chunk: Buffer) => ((out += chunk.toString()), check()));
  child.stderr!.on("data", (chunk: Buffer) => ((err += chunk.toString()), check()));
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? signal!)),
  );
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      waiters.push({ pattern, resolve });
      check();
      void exited.then((code) => reject(new Error(`server exited (${code}) before ${pattern}:\n${out}\n${err}`)));
    });
  return Promise.resolve({ child, stdout: () => out, stderr: () => err, waitFor, exited });
}
