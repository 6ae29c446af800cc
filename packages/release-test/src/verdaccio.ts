import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isolatedEnv } from "./env";
import { run } from "./run";

/** The Verdaccio release the test publishes to. */
export const VERDACCIO_VERSION = "6.8.0";

const LAUNCHER = fileURLToPath(new URL("./verdaccio-launcher.cjs", import.meta.url));

/** A local registry started by `startVerdaccio`. */
export interface LocalRegistry {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  /** Stops the registry process. */
  close(): Promise<void>;
}

/**
 * Installs Verdaccio with npm into `cacheDir` once and returns the folder holding its node_modules.
 * It lives outside the workspace graph because it pins `node-fetch` 2.7.0 through an npm override,
 * which a workspace dependency could not do without changing the root manifest.
 */
export async function ensureVerdaccio(cacheDir: string, npmRegistry: string): Promise<string> {
  const manifest = {
    name: "petstore-release-test-verdaccio",
    private: true,
    dependencies: { verdaccio: VERDACCIO_VERSION },
    overrides: { "node-fetch": "2.7.0" },
  };
  // Named after what is installed, so a changed version or override never reuses an older install.
  const digest = createHash("sha256").update(JSON.stringify(manifest)).digest("hex").slice(0, 8);
  const target = path.join(cacheDir, `verdaccio-${VERDACCIO_VERSION}-${digest}`);
  if (existsSync(path.join(target, "node_modules", "verdaccio", "package.json"))) return target;
  await mkdir(cacheDir, { recursive: true });
  const staging = await mkdtemp(path.join(cacheDir, "verdaccio-install-"));
  await writeFile(path.join(staging, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(staging, ".npmrc"), `registry=${npmRegistry}\n`);
  try {
    await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: staging,
      env: isolatedEnv(path.resolve(cacheDir, "..", ".."), { npm_config_userconfig: path.join(staging, ".npmrc") }),
    });
  } catch (error) {
    // Leave no half-installed folder behind in the cache.
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  // Another run may have finished first; either copy is complete, so keep whichever landed.
  await rename(staging, target).catch(() => rm(staging, { recursive: true, force: true }));
  return target;
}

/** Verdaccio configuration: storage in `workDir`, no uplinks, anyone may publish `@petstore/*`. */
function verdaccioConfig(workDir: string): string {
  return [
    `storage: ${JSON.stringify(path.join(workDir, "storage"))}`,
    "auth:",
    "  htpasswd:",
    `    file: ${JSON.stringify(path.join(workDir, "htpasswd"))}`,
    "    max_users: -1",
    "uplinks: {}",
    "packages:",
    '  "@petstore/*":',
    "    access: $all",
    "    publish: $all",
    "    unpublish: $all",
    '  "**":',
    "    access: $all",
    "web:",
    "  enable: false",
    "log: { type: stdout, format: json, level: error }",
    "",
  ].join("\n");
}

/** Starts Verdaccio from `installDir` on 127.0.0.1 with a free port, its config and storage in `workDir`. */
export async function startVerdaccio(installDir: string, workDir: string): Promise<LocalRegistry> {
  const configPath = path.join(workDir, "config.yaml");
  await mkdir(path.join(workDir, "storage"), { recursive: true });
  await writeFile(configPath, verdaccioConfig(workDir));
  const child = spawn(process.execPath, [LAUNCHER, installDir, configPath], {
    cwd: workDir,
    env: isolatedEnv(installDir),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const match = /\{"port":(\d+)\}/.exec(stdout);
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) =>
      reject(new Error(`[@petstore/release-test] verdaccio exited (${code}) before listening:\n${stderr}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
