import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const serverRoot = fileURLToPath(new URL("../../../../apps/server", import.meta.url));

/** The real reference server (apps/server), started from source in its own process on a free port and a temp data file. */
export interface ReferenceServer {
  baseUrl: string;
  apiKey: string;
  stop(): Promise<void>;
}

/** Starts the reference server as `pnpm start` does; resolves once it listens. */
export async function startReferenceServer(): Promise<ReferenceServer> {
  const dir = await mkdtemp(join(tmpdir(), "petstore-client-"));
  const apiKey = "client-test-key";
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=@petstore/source", "src/main.ts"],
    {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? "",
        PORT: "0",
        PETSTORE_API_KEYS: apiKey,
        PETSTORE_DATA_DIR: join(dir, "data"),
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let err = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      const match = /listening on (http:\/\/\S+\/v1)/.exec(err);
      if (match) resolve(match[1]!);
    });
    void exited.then(() => reject(new Error(`reference server exited before listening:\n${err}`)));
  });
  return {
    baseUrl,
    apiKey,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
