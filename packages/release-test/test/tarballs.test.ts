// What `pnpm publish` puts in each published package's tarball (`pnpm pack` packs the same, with
// `publishConfig.exports` in place of `exports`): the build, no src/, no source export condition, and no import
// of a package the manifest does not depend on. test/publish.test.ts checks the same after npm, pnpm, yarn and
// bun installed the packages from a registry.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedEnv } from "../src/env";
import { run } from "../src/run";
import { importedPackages, publishedPackageProblems } from "../src/tarball";
import { publishedPackages, WORKSPACE_ROOT, type WorkspacePackage, workspacePackages } from "../src/workspace";

let tmp: string;
let published: WorkspacePackage[];
let unpublished: string[];
const unpacked = new Map<string, string>();

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "petstore-tarballs-"));
  published = await publishedPackages(WORKSPACE_ROOT);
  unpublished = (await workspacePackages(WORKSPACE_ROOT))
    .filter((pkg) => pkg.manifest.private === true)
    .map((pkg) => pkg.manifest.name);
  const env = isolatedEnv(WORKSPACE_ROOT);
  for (const pkg of published) {
    const cwd = path.join(WORKSPACE_ROOT, pkg.dir);
    // `pnpm test` builds first; alone, this test builds what is missing.
    if (!(await readdir(cwd)).includes("dist")) await run("pnpm", ["run", "build"], { cwd, env });
    const out = path.join(tmp, pkg.manifest.name.replace("/", "+"));
    await mkdir(out, { recursive: true });
    await run("pnpm", ["pack", "--pack-destination", out], { cwd, env });
    const [tarball] = (await readdir(out)).filter((file) => file.endsWith(".tgz"));
    await run("tar", ["xzf", tarball ?? "", "-C", out], { cwd: out, env });
    unpacked.set(pkg.manifest.name, path.join(out, "package"));
  }
}, 300_000);

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("the packed tarballs", () => {
  it("hold dist, no src/, no source export condition, and import only what they depend on", async () => {
    expect(unpublished).toContain("@petstore/release-test");
    for (const pkg of published) {
      const dir = unpacked.get(pkg.manifest.name) ?? "";
      expect(await readdir(dir), pkg.manifest.name).toContain("dist");
      expect(await publishedPackageProblems(dir, unpublished), pkg.manifest.name).toEqual([]);
    }
  });

  it("keep the source condition in the workspace's own manifests, for its tests", async () => {
    for (const pkg of published) {
      const manifest = JSON.parse(await readFile(path.join(WORKSPACE_ROOT, pkg.dir, "package.json"), "utf8"));
      expect(JSON.stringify(manifest.exports), pkg.manifest.name).toContain('"@petstore/source"');
    }
  });

  it("would be refused with src/, the source condition, or an import of an unpublished package", async () => {
    const mock = published.find((pkg) => pkg.manifest.name === "@petstore/mock");
    expect(mock).toBeDefined();
    const dir = path.join(tmp, "tampered");
    await cp(unpacked.get("@petstore/mock") ?? "", dir, { recursive: true });
    // What the mock's tarball held before: its sources (which import the private service package) and the
    // workspace's exports.
    await cp(path.join(WORKSPACE_ROOT, mock?.dir ?? "", "src"), path.join(dir, "src"), { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(WORKSPACE_ROOT, mock?.dir ?? "", "package.json"), "utf8"));
    const packed = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8"));
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ ...packed, exports: manifest.exports }));
    const problems = await publishedPackageProblems(dir, unpublished);
    expect(problems).toContain("@petstore/mock: ships src/ (only dist is published)");
    expect(problems).toContain('@petstore/mock: package.json "exports" has the "@petstore/source" condition');
    const privateImports = problems.filter((problem) =>
      /imports @petstore\/\S+ \(an unpublished workspace package\)/.test(problem),
    );
    expect(privateImports.length).toBeGreaterThan(0);
  });

  it("finds every form of import in code and declarations", () => {
    expect(
      importedPackages(
        [
          'import { a } from "@scope/a/sub";',
          "export * from 'b';",
          'import "c/polyfill";',
          'const d = require("d");',
          'type E = import("e").E;',
          'import fs from "node:fs";',
          'import path from "path";',
          'import { f } from "./f.js";',
        ].join("\n"),
      ),
    ).toEqual(["@scope/a", "b", "c", "d", "e"]);
  });
});
