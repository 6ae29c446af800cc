import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isolatedEnv } from "./env";
import { run } from "./run";
import { WORKSPACE_ROOT } from "./workspace";

/** The package managers a user may install the SDK with, besides npm. */
export type PackageManager = "pnpm" | "yarn" | "bun";

/** The Yarn release the test installs with (Yarn 4, Berry, as `@yarnpkg/cli-dist`: a single file, no install script). */
const YARN_VERSION = "4.9.4";

/** Where the registries are: `@petstore/*` from the local registry, everything else from upstream. */
export interface Registries {
  local: string;
  upstream: string;
}

/** Installs `@yarnpkg/cli-dist` once with npm into `cacheDir` and returns the path of its `yarn.js`. */
async function ensureYarn(cacheDir: string, upstream: string): Promise<string> {
  const target = path.join(cacheDir, `yarn-${YARN_VERSION}`);
  const bin = path.join(target, "node_modules", "@yarnpkg", "cli-dist", "bin", "yarn.js");
  if (existsSync(bin)) return bin;
  await mkdir(cacheDir, { recursive: true });
  const staging = await mkdtemp(path.join(cacheDir, "yarn-install-"));
  await writeFile(path.join(staging, "package.json"), JSON.stringify({ name: "yarn-cli", private: true }));
  await writeFile(path.join(staging, ".npmrc"), `registry=${upstream}\n`);
  try {
    await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", `@yarnpkg/cli-dist@${YARN_VERSION}`], {
      cwd: staging,
      env: isolatedEnv(WORKSPACE_ROOT, { npm_config_userconfig: path.join(staging, ".npmrc") }),
    });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await rename(staging, target).catch(() => rm(staging, { recursive: true, force: true }));
  return bin;
}

/** Bun's executable, from the workspace's `bun` package (test/runtimes), whose platform package holds it. */
function bunExecutable(): string {
  const require = createRequire(path.join(WORKSPACE_ROOT, "test", "runtimes", "package.json"));
  const main = path.dirname(require.resolve("bun/package.json"));
  const arch = process.arch === "arm64" ? "aarch64" : process.arch;
  const platform = path.dirname(
    require.resolve(`@oven/bun-${process.platform}-${arch}/package.json`, { paths: [main] }),
  );
  return path.join(platform, "bin", "bun");
}

/**
 * Runs `manager`'s install in the project `dir` (its package.json already written), configured the way a user
 * would point it at a second registry for one scope: `@petstore/*` from `registries.local`, the rest upstream.
 * `cacheDir` keeps Yarn itself and pnpm's content-addressed store (keyed by integrity, so never stale); Yarn's and
 * Bun's caches, keyed by name and version, live in the project.
 */
export async function installWith(
  manager: PackageManager,
  dir: string,
  registries: Registries,
  cacheDir: string,
): Promise<void> {
  const local = registries.local.replace(/\/$/, "");
  const userconfig = path.join(dir, ".empty.npmrc");
  await writeFile(userconfig, "");
  const env = isolatedEnv(WORKSPACE_ROOT, { npm_config_userconfig: userconfig });
  if (manager === "pnpm") {
    await writeFile(path.join(dir, ".npmrc"), `@petstore:registry=${local}/\nregistry=${registries.upstream}\n`);
    await run("pnpm", ["install", "--store-dir", path.join(cacheDir, "pnpm-store"), "--reporter=append-only"], {
      cwd: dir,
      env,
    });
  } else if (manager === "yarn") {
    const yarn = await ensureYarn(cacheDir, registries.upstream);
    const host = new URL(local).hostname;
    await writeFile(
      path.join(dir, ".yarnrc.yml"),
      [
        "nodeLinker: node-modules",
        `npmRegistryServer: "${registries.upstream.replace(/\/$/, "")}"`,
        "npmScopes:",
        "  petstore:",
        `    npmRegistryServer: "${local}"`,
        "unsafeHttpWhitelist:",
        `  - "${host}"`,
        "enableTelemetry: false",
        "enableGlobalCache: false",
        "enableImmutableInstalls: false",
        // Per project: Yarn keys its metadata and archives by name and version, so a shared cache would hand this
        // run the tarball (and the registry port) of an earlier run's @petstore/client@1.0.0.
        `cacheFolder: "${path.join(dir, ".yarn-cache")}"`,
        `globalFolder: "${path.join(dir, ".yarn-global")}"`,
        "",
      ].join("\n"),
    );
    // An empty yarn.lock makes this folder the project's root, whatever lies above it.
    await writeFile(path.join(dir, "yarn.lock"), "");
    await run(process.execPath, [yarn, "install"], { cwd: dir, env: { ...env, YARN_ENABLE_PROGRESS_BARS: "false" } });
  } else {
    await writeFile(
      path.join(dir, "bunfig.toml"),
      [
        "[install]",
        `registry = "${registries.upstream}"`,
        "[install.scopes]",
        `petstore = "${local}/"`,
        // Per project, as for Yarn: Bun's cache is keyed by name and version.
        "[install.cache]",
        `dir = "${path.join(dir, ".bun-cache")}"`,
        "",
      ].join("\n"),
    );
    await run(bunExecutable(), ["install"], { cwd: dir, env });
  }
}
