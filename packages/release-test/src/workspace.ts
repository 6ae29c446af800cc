import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The monorepo root (two folders above this package). */
export const WORKSPACE_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The parts of a package.json the release test reads. */
export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
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
