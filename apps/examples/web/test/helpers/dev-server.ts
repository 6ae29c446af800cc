import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

// Variables this test run sets (vitest's NODE_ENV, MODE, VITEST_*) or a developer may have exported
// (VITE_*): inherited, they would override the app's .env files.
const RUNNER_VARIABLES = /^(VITEST|VITE_|NODE_ENV$|TEST$|MODE$|DEV$|PROD$|SSR$|BASE_URL$)/;

/** A Vite dev server started by `startDevServer`. */
export interface DevServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Runs `npm run <script> -- --port 0` in the app's folder, as a user of a copy of this app would, and returns
 * the local URL Vite prints. `vars` are set in its environment, where Vite prefers them to the .env files.
 */
export async function startDevServer(script: string, vars: Record<string, string> = {}): Promise<DevServer> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !RUNNER_VARIABLES.test(key)));
  const child = spawn("npm", ["run", script, "--silent", "--", "--port", "0"], {
    cwd: ROOT,
    env: { ...env, ...vars, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: npm starts a shell that starts vite, and close() stops all of them.
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: string) => {
      output += chunk;
      const match = /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.setEncoding("utf8").on("data", read);
    child.stderr.setEncoding("utf8").on("data", read);
    child.once("error", reject);
    child.once("exit", (code) =>
      reject(new Error(`[@petstore/example-web] npm run ${script} exited (${code}):\n${output}`)),
    );
  });
  return {
    url,
    async close() {
      if (child.pid !== undefined && child.exitCode === null) {
        process.kill(-child.pid, "SIGTERM");
        await exited;
      }
    },
  };
}
