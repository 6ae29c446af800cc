import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { checkPublishedManifests, manifestProblems, publishedExports } from "../../../scripts/check-manifests.ts";
import { WORKSPACE_ROOT } from "../src/workspace";

const ready = {
  name: "@petstore/example",
  repository: {
    type: "git",
    url: "git+https://github.com/petstore-sdk/petstore-sdk.git",
    directory: "packages/example",
  },
  homepage: "https://github.com/petstore-sdk/petstore-sdk/tree/main/packages/example#readme",
  bugs: { url: "https://github.com/petstore-sdk/petstore-sdk/issues" },
  dependencies: { "@petstore/contract": "workspace:^", "openapi-fetch": "^0.17.0" },
  peerDependencies: { msw: "^2.7 || ^3" },
};

describe("manifestProblems", () => {
  it("accepts a manifest with repository, homepage, bugs, ranges and typesVersions for its subpaths", () => {
    expect(manifestProblems(ready, "packages/example")).toEqual([]);
    const withSubpath = {
      ...ready,
      exports: { "./prism": { types: "./dist/prism.d.ts" } },
      typesVersions: { "*": { prism: ["./dist/prism.d.cts"] } },
    };
    expect(manifestProblems(withSubpath, "packages/example")).toEqual([]);
  });

  it.each([
    ["no repository", { repository: undefined }, /"repository" is missing/],
    ["a repository string", { repository: "petstore-sdk/petstore-sdk" }, /"repository" is missing/],
    [
      "another folder",
      { repository: { ...ready.repository, directory: "packages/other" } },
      /"repository.directory" must be "packages\/example"/,
    ],
    [
      "an ssh URL",
      { repository: { ...ready.repository, url: "git@github.com:petstore-sdk/petstore-sdk.git" } },
      /"repository.url"/,
    ],
    ["no homepage", { homepage: undefined }, /"homepage"/],
    ["no bugs", { bugs: undefined }, /"bugs"/],
    [
      "an exact dependency",
      { dependencies: { ajv: "8.20.0" } },
      /"dependencies.ajv" pins 8.20.0 exactly: use "\^8.20.0"/,
    ],
    ["an exact peer", { peerDependencies: { msw: "=2.9.0" } }, /"peerDependencies.msw" pins =2.9.0 exactly/],
    [
      "a typed subpath node10 cannot find",
      {
        exports: {
          ".": { types: "./dist/index.d.ts" },
          "./prism": { import: { types: "./dist/prism.d.ts" } },
          "./package.json": "./package.json",
        },
      },
      /"exports" has "\.\/prism" with types but "typesVersions" has no "\*": \{ "prism": \[\.\.\.\] \} entry/,
    ],
    ["src in files", { files: ["dist", "src", "README.md"] }, /"files" lists "src"/],
    [
      "the source condition with no publishConfig.exports",
      { exports: { ".": { "@petstore/source": "./src/index.ts", default: "./dist/index.js" } } },
      /"publishConfig.exports" must be "exports" without the "@petstore\/source" condition/,
    ],
    [
      "a publishConfig.exports that drifted from exports",
      {
        exports: { ".": { "@petstore/source": "./src/index.ts", default: "./dist/index.js" } },
        publishConfig: { exports: { ".": { default: "./dist/old.js" } } },
      },
      /"publishConfig.exports" must be "exports" without/,
    ],
  ])("reports %s", (_, change, message) => {
    const problems = manifestProblems({ ...ready, ...change }, "packages/example");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });
});

describe("publishedExports", () => {
  it("drops the source condition at every level and keeps the rest in order", () => {
    const exports = {
      ".": {
        "@petstore/source": "./src/index.ts",
        import: { types: "./dist/index.d.ts", default: "./dist/index.js" },
        require: { types: "./dist/index.d.cts", default: "./dist/index.cjs" },
      },
      "./raw": { "@petstore/source": "./src/raw.ts", default: "./dist/raw.js" },
      "./package.json": "./package.json",
    };
    expect(publishedExports(exports)).toEqual({
      ".": {
        import: { types: "./dist/index.d.ts", default: "./dist/index.js" },
        require: { types: "./dist/index.d.cts", default: "./dist/index.cjs" },
      },
      "./raw": { default: "./dist/raw.js" },
      "./package.json": "./package.json",
    });
    const withPublished = { ...ready, exports, publishConfig: { exports: publishedExports(exports) } };
    expect(
      manifestProblems({ ...withPublished, typesVersions: { "*": { raw: ["./dist/raw.d.cts"] } } }, "packages/example"),
    ).toEqual([]);
  });
});

describe("scripts/check-manifests.ts, run by `pnpm release` before publishing", () => {
  it("passes on this repository's published packages", () => {
    const results = checkPublishedManifests(WORKSPACE_ROOT);
    expect(results.map((result) => result.name)).toEqual(
      expect.arrayContaining(["@petstore/client", "@petstore/contract", "@petstore/mock"]),
    );
    expect(results.filter((result) => result.problems.length > 0)).toEqual([]);
  });

  it("exits 1 naming the package and the field when a manifest lost its repository", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "petstore-manifests-"));
    try {
      for (const name of ["client", "mock"]) {
        await cp(
          path.join(WORKSPACE_ROOT, "packages", name, "package.json"),
          path.join(root, "packages", name, "package.json"),
          { recursive: true },
        );
      }
      const file = path.join(root, "packages/mock/package.json");
      const { repository: _, ...manifest } = JSON.parse(await readFile(file, "utf8"));
      await writeFile(file, JSON.stringify(manifest));
      const run = promisify(execFile)(process.execPath, [
        "--import",
        "tsx",
        path.join(WORKSPACE_ROOT, "scripts/check-manifests.ts"),
        root,
      ]);
      await expect(run).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(
          /^\[check-manifests\] @petstore\/mock \(packages\/mock\/package\.json\): "repository" is missing/,
        ),
      });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("--write sets publishConfig.exports from exports, and the check then passes", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "petstore-manifests-"));
    try {
      const file = path.join(root, "packages/client/package.json");
      await cp(path.join(WORKSPACE_ROOT, "packages/client/package.json"), file, { recursive: true });
      const { publishConfig: _, ...manifest } = JSON.parse(await readFile(file, "utf8"));
      await writeFile(file, JSON.stringify(manifest));
      expect(checkPublishedManifests(root)[0]?.problems).toEqual([expect.stringMatching(/"publishConfig.exports"/)]);
      expect(checkPublishedManifests(root, { write: true })[0]?.problems).toEqual([]);
      const written = JSON.parse(await readFile(file, "utf8"));
      expect(written.publishConfig.exports).toEqual(publishedExports(manifest.exports));
      expect(JSON.stringify(written.publishConfig.exports)).not.toContain("@petstore/source");
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("is part of `pnpm release`, before `changeset publish`, and of `pnpm lint`", async () => {
    const { scripts } = JSON.parse(await readFile(path.join(WORKSPACE_ROOT, "package.json"), "utf8"));
    const commands = (scripts.release as string).split(" && ");
    expect(commands.indexOf("tsx scripts/check-manifests.ts")).toBeGreaterThanOrEqual(0);
    expect(commands.indexOf("tsx scripts/check-manifests.ts")).toBeLessThan(
      commands.findIndex((command) => command.startsWith("changeset publish")),
    );
    expect((scripts.lint as string).split(" && ")).toContain("tsx scripts/check-manifests.ts");
  });
});
