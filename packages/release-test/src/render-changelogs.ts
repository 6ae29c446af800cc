import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { workspacePackages, type Manifest } from "./workspace";

/** What `changeset version` would write for one package. */
export interface RenderedRelease {
  name: string;
  /** The version in package.json before versioning. */
  from: string;
  /** The version after. */
  to: string;
  /** The CHANGELOG.md it writes, or `undefined` when the package is not released. */
  changelog: string | undefined;
  /** The text of its package.json before and after `changeset version`. */
  manifest: { before: string; after: string };
}

/**
 * Runs the real `changeset version` on a copy of `root`'s manifests and pending changesets in a temporary folder
 * (the checkout is never touched) and returns, per workspace package, the version change and the CHANGELOG.md
 * it renders. No install and no network: only package.json files, `.changeset/` and the installed Changesets.
 */
export async function renderPendingChangelogs(root: string): Promise<RenderedRelease[]> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "petstore-changelog-"));
  try {
    const packages = await workspacePackages(root);
    for (const file of ["package.json", "pnpm-workspace.yaml"]) await cp(path.join(root, file), path.join(tmp, file));
    await cp(path.join(root, ".changeset"), path.join(tmp, ".changeset"), { recursive: true });
    // The changelog generator of config.json, when it is a file of the repository (`../scripts/changelog.cjs`).
    const config = JSON.parse(await readFile(path.join(root, ".changeset", "config.json"), "utf8"));
    const generator = [config.changelog].flat()[0];
    if (typeof generator === "string" && generator.startsWith(".")) {
      const file = path.resolve(root, ".changeset", generator);
      await mkdir(path.dirname(path.join(tmp, path.relative(root, file))), { recursive: true });
      await cp(file, path.join(tmp, path.relative(root, file)));
    }
    for (const pkg of packages) {
      await mkdir(path.join(tmp, pkg.dir), { recursive: true });
      await cp(path.join(root, pkg.dir, "package.json"), path.join(tmp, pkg.dir, "package.json"));
    }
    // The changelog generator named in config.json is resolved from the copy.
    await symlink(path.join(root, "node_modules"), path.join(tmp, "node_modules"), "dir");
    const bin = path.join(root, "node_modules", "@changesets", "cli", "bin.js");
    await promisify(execFile)(process.execPath, [bin, "version"], { cwd: tmp, env: { ...process.env, CI: "1" } });
    return Promise.all(
      packages.map(async (pkg) => {
        const text = await readFile(path.join(tmp, pkg.dir, "package.json"), "utf8");
        const after = JSON.parse(text) as Manifest;
        const changelog = await readFile(path.join(tmp, pkg.dir, "CHANGELOG.md"), "utf8").catch(() => undefined);
        const before = await readFile(path.join(root, pkg.dir, "package.json"), "utf8");
        return {
          name: pkg.manifest.name,
          from: pkg.manifest.version,
          to: after.version,
          changelog,
          manifest: { before, after: text },
        };
      }),
    );
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
