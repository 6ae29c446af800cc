import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** A `petstore-mock serve` process and the base URL it printed. */
export interface MockCli {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the mock's bin (`npx petstore-mock serve …` in a project that installed `@petstore/mock`) on a free port. */
export async function startMockCli(args: string[], cwd: string): Promise<MockCli> {
  const manifestPath = createRequire(import.meta.url).resolve("@petstore/mock/package.json");
  const { bin } = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin: Record<string, string> };
  const script = join(dirname(manifestPath), bin["petstore-mock"] ?? "");
  const child = spawn(process.execPath, [script, "serve", "--port", "0", ...args], {
    cwd,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(`petstore-mock exited (${String(code)}) before printing its URL`);
  });
  const [chunk] = (await Promise.race([once(child.stdout, "data"), exited])) as [Buffer];
  return {
    baseUrl: chunk.toString("utf8").split("\n")[0] ?? "",
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const done = once(child, "exit");
      child.kill("SIGTERM");
      await done;
    },
  };
}
