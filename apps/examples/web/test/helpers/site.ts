import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, preview } from "vite";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A production build of the app served by `vite preview`. */
export interface PreviewSite {
  url: string;
  /** The folder holding the build. */
  outDir: string;
  close(): Promise<void>;
}

/**
 * Builds the app in `mode` into a temporary folder and serves it on 127.0.0.1 with a free port.
 * `env` is written to a temporary `.env.<mode>` that replaces the app's own env files, so tests
 * never change process.env.
 */
export async function buildAndPreview(mode: string, env?: Record<string, string>): Promise<PreviewSite> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), `petstore-web-${mode}-`));
  const outDir = path.join(tmp, "dist");
  let envDir: string | undefined;
  if (env) {
    envDir = path.join(tmp, "env");
    await mkdir(envDir);
    const lines = Object.entries(env).map(([key, value]) => `${key}=${value}`);
    await writeFile(path.join(envDir, `.env.${mode}`), `${lines.join("\n")}\n`);
  }
  const shared = { root: ROOT, mode, logLevel: "warn" as const, ...(envDir ? { envDir } : {}) };
  await build({ ...shared, build: { outDir, emptyOutDir: true } });
  const server = await preview({
    ...shared,
    build: { outDir },
    preview: { port: 0, host: "127.0.0.1", strictPort: false },
  });
  const address = server.httpServer.address();
  if (address === null || typeof address === "string")
    throw new Error("[@petstore/example-web] preview has no TCP address");
  return {
    url: `http://127.0.0.1:${address.port}/`,
    outDir,
    async close() {
      await server.close();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}
