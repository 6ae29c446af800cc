import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const serverRoot = fileURLToPath(new URL("../..", import.meta.url));

/** A server started in its own process: `src/main.ts` as `pnpm start` runs it, or the built `dist/main.js`. */
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

/** How to start the server process. */
export interface ChildOptions {
  /** Runs it under another command, such as `unshare --pid --fork` for a PID namespace of its own. */
  prefix?: string[];
  /** Runs the built `dist/main.js` (the production start; build it first) instead of `src/main.ts` through tsx. */
  built?: boolean;
  /** Runs it as this user and group (root can start it as `nobody`, 65534, to meet the permissions others meet). */
  uid?: number;
  gid?: number;
}

/** Spawns the server from source with `env` on top of a clean environment; resolves once it listens. */
export function spawnServer(env: Record<string, string>, options: ChildOptions = {}): Promise<ChildServer> {
  return startChild(env, options).then(async (server) => {
    const match = await server.waitFor(/listening on (http:\/\/\S+\/v1)/);
    return { ...server, baseUrl: match[1]! };
  });
}

/** Spawns the server like `spawnServer` without waiting for it to listen: for servers expected to refuse to start. */
export function startChild(
  env: Record<string, string>,
  options: ChildOptions = {},
): Promise<Omit<ChildServer, "baseUrl">> {
  const main = options.built
    ? [join(serverRoot, "dist", "main.js")]
    : ["--import", "tsx", "--conditions=@petstore/source", "src/main.ts"];
  const command = [...(options.prefix ?? []), process.execPath, ...main];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? "", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    ...(options.gid === undefined ? {} : { gid: options.gid }),
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
