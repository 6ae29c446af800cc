import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const APP_DIR = fileURLToPath(new URL("../..", import.meta.url));

/** `npm start` running in its own process group, and the text it printed so far. */
export interface StartedApp {
  child: ChildProcess;
  /** Resolves with the first match of `pattern` in stdout; rejects when the app exits first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** Stops npm, its shell, tsx and node. */
  stop(): Promise<void>;
}

/** Runs the app's `start` script with `npm start`, as a user of a copy of this app would, with `env` added. */
export function npmStart(env: Record<string, string>): StartedApp {
  const child = spawn("npm", ["start", "--silent"], {
    cwd: APP_DIR,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
    // Its own process group: npm starts a shell that starts tsx, and stop() ends all of them.
    detached: true,
  });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  return {
    child,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) resolve(match);
        };
        check();
        child.stdout?.on("data", check);
        child.once("exit", (code) =>
          reject(new Error(`[@petstore/example-node] npm start exited (${code}):\n${output}`)),
        );
      }),
    async stop() {
      if (child.pid === undefined || child.exitCode !== null) return;
      const exited = once(child, "exit");
      process.kill(-child.pid, "SIGTERM");
      await exited;
    },
  };
}
