import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

/** The monorepo root (two folders above this package). */
export const WORKSPACE_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The parts of a package.json the release test reads. */
export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  repository?: unknown;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** A workspace package: its folder relative to the root and its manifest. */
export interface WorkspacePackage {
  dir: string;
  manifest: Manifest;
}

/** Reads `<root>/<dir>/package.json`. */
export async function readManifest(root: string, dir: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(root, dir, "package.json"), "utf8")) as Manifest;
}

/** The packages under `packages/` that are not private, i.e. the ones `pnpm release` publishes. */
export async function publishedPackages(root: string): Promise<WorkspacePackage[]> {
  const entries = await readdir(path.join(root, "packages"), { withFileTypes: true });
  const found: WorkspacePackage[] = [];
  for (const entry of entries) {
    const dir = `packages/${entry.name}`;
    if (!entry.isDirectory() || !existsSync(path.join(root, dir, "package.json"))) continue;
    const manifest = await readManifest(root, dir);
    if (manifest.private !== true) found.push({ dir, manifest });
  }
  return found.sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
}

/** Every package of the workspace at `root`, from pnpm-workspace.yaml's `dir` and `dir/*` patterns. */
export async function workspacePackages(root: string): Promise<WorkspacePackage[]> {
  const { packages: patterns = [] } = parse(await readFile(path.join(root, "pnpm-workspace.yaml"), "utf8")) as {
    packages?: string[];
  };
  const dirs: string[] = [];
  for (const pattern of patterns) {
    if (!/^[\w.-]+(\/[\w.-]+)*(\/\*)?$/.test(pattern)) {
      throw new Error(`[@petstore/release-test] unsupported pnpm-workspace.yaml pattern: ${pattern}`);
    }
    if (!pattern.endsWith("/*")) dirs.push(pattern);
    else {
      const parent = pattern.slice(0, -2);
      if (!existsSync(path.join(root, parent))) continue;
      for (const entry of await readdir(path.join(root, parent), { withFileTypes: true })) {
        if (entry.isDirectory()) dirs.push(`${parent}/${entry.name}`);
      }
    }
  }
  const found = dirs.filter((dir) => existsSync(path.join(root, dir, "package.json")));
  return Promise.all(found.map(async (dir) => ({ dir, manifest: await readManifest(root, dir) })));
}

/**
 * `dirs` plus the folders of every workspace package they depend on through a `workspace:` range, in any
 * dependency field, transitively: the smallest part of the workspace that `pnpm install` can still resolve.
 */
export async function withWorkspaceDependencies(root: string, dirs: readonly string[]): Promise<string[]> {
  const byName = new Map((await workspacePackages(root)).map((pkg) => [pkg.manifest.name, pkg]));
  const result = new Set(dirs);
  const pending = [...dirs];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    const manifest = await readManifest(root, dir);
    const fields = [
      manifest.dependencies,
      manifest.devDependencies,
      manifest.peerDependencies,
      manifest.optionalDependencies,
    ];
    for (const [name, range] of fields.flatMap((field) => Object.entries(field ?? {}))) {
      if (!range.startsWith("workspace:")) continue;
      const dependency = byName.get(name);
      if (!dependency)
        throw new Error(`[@petstore/release-test] ${dir} depends on ${name}@${range}, which is not in the workspace`);
      if (!result.has(dependency.dir)) {
        result.add(dependency.dir);
        pending.push(dependency.dir);
      }
    }
  }
  return [...result].sort();
}
