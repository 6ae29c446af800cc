import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync, statSync } from "node:fs";
import { cp, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const packageDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const contractYaml = path.join(packageDir, "..", "contract", "openapi.yaml");

// pnpm's bin shims set NODE_PATH to its hoisted store, where every package resolves from anywhere: a child that
// inherited it could not tell a module resolved from its own location from one found through NODE_PATH.
const { NODE_PATH: _nodePath, NODE_OPTIONS: _nodeOptions, ...cleanEnv } = process.env;

/** Runs `code` in a fresh `node` (CommonJS unless `esm`) and returns its stdout. */
async function node(code: string, options: { esm?: boolean; cwd: string }): Promise<string> {
  const args = options.esm ? ["--input-type=module", "-e", code] : ["-e", code];
  const { stdout } = await run(process.execPath, args, { cwd: options.cwd, env: cleanEnv, timeout: 60_000 });
  return stdout.trim();
}

// The package's own tsup config (without type declarations, which are slow and not under test) built into a folder
// outside the workspace whose path holds "#" and spaces, installed there like a user's node_modules would hold it.
// Outside the workspace no parent node_modules can hide a wrong module location.
let project: string;
let installed: string;
beforeAll(async () => {
  project = await realpath(await mkdtemp(path.join(os.tmpdir(), "petstore mock #1 ")));
  installed = path.join(project, "node_modules", "@petstore", "mock");
  await run(
    path.join(packageDir, "node_modules", ".bin", "tsup"),
    ["--no-dts", "--out-dir", path.join(installed, "dist")],
    { cwd: packageDir },
  );
  await cp(path.join(packageDir, "package.json"), path.join(installed, "package.json"));
  const link = async (name: string) => {
    await mkdir(path.dirname(path.join(project, "node_modules", name)), { recursive: true });
    await symlink(
      await realpath(path.join(packageDir, "node_modules", name)),
      path.join(project, "node_modules", name),
      "dir",
    );
  };
  for (const name of ["@petstore/contract", "@stoplight/prism-cli", "msw", "ajv"]) await link(name);
  await writeFile(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true }));
}, 60_000);
afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

describe("the CommonJS build of @petstore/mock/prism", () => {
  it("is required by a plain `node` and resolves the contract from its own location", async () => {
    const out = await node('const { contractPath } = require("@petstore/mock/prism"); console.log(contractPath());', {
      cwd: project,
    });
    expect(out).toBe(await realpath(contractYaml));
  });

  it("keeps working when a `document` global exists (jsdom), which tsup's built-in shim would read", async () => {
    const code =
      'globalThis.document = { baseURI: "http://localhost/" }; console.log(require("@petstore/mock/prism").contractPath());';
    expect(await node(code, { cwd: project })).toBe(await realpath(contractYaml));
  });

  it("starts Prism, which answers 401 without a key, and stops it", async () => {
    const code = [
      'const { startPrism } = require("@petstore/mock/prism");',
      "startPrism().then(async (prism) => {",
      '  const response = await fetch(prism.baseUrl + "/pets");',
      "  await prism.stop();",
      "  console.log(response.status);",
      "});",
    ].join("\n");
    expect(await node(code, { cwd: project })).toBe("401");
  }, 60_000);
});

describe("the other builds", () => {
  it("the ESM build of @petstore/mock/prism resolves the contract too", async () => {
    const code = 'import { contractPath } from "@petstore/mock/prism"; console.log(contractPath());';
    expect(await node(code, { cwd: project, esm: true })).toBe(await realpath(contractYaml));
  });

  it.each([
    ["CommonJS", 'const { createPetstoreHandlers, petstoreMock } = require("@petstore/mock");', false],
    ["ESM", 'import { createPetstoreHandlers, petstoreMock } from "@petstore/mock";', true],
  ])("the %s build of @petstore/mock creates handlers and scenarios", async (_format, load, esm) => {
    const code = `${load}\nconst handlers = createPetstoreHandlers({ pets: [{ id: 1, name: "Rex", categoryId: 1 }] });\nconsole.log(handlers.length, handlers.store.all().length, typeof petstoreMock.scenario.serverError("listPets").run);`;
    expect(await node(code, { cwd: project, esm })).toBe("1 1 function");
  });

  // A scenario made from the main entry finds the server's handler set (and records into its journal) only when both
  // entries share one module instance: the http build imports the main one by name instead of carrying a copy.
  it.each([
    [
      "CommonJS",
      'const { startPetstoreMockServer } = require("@petstore/mock/http");\nconst { createScenarios } = require("@petstore/mock");',
      false,
    ],
    [
      "ESM",
      'import { startPetstoreMockServer } from "@petstore/mock/http";\nimport { createScenarios } from "@petstore/mock";',
      true,
    ],
  ])("the %s build of @petstore/mock/http serves the main entry's handler sets", async (_format, load, esm) => {
    const code = [
      load,
      "startPetstoreMockServer().then(async (server) => {",
      '  server.use(createScenarios({ baseUrls: [server.baseUrl] }).serverError("listPets", { times: 1 }));',
      '  const headers = { authorization: "Bearer key" };',
      '  const statuses = [await fetch(server.baseUrl + "/pets", { headers }), await fetch(server.baseUrl + "/pets", { headers })].map((r) => r.status);',
      "  await server.close();",
      '  console.log(statuses.join(" "), server.handlers.requests.all().map((entry) => entry.status).join(" "));',
      "});",
    ].join("\n");
    expect(await node(code, { cwd: project, esm })).toBe("500 200 500 200");
  });
});

// dist/ itself is what gets published; `pnpm --filter @petstore/mock build` writes it. Checked when it is current.
describe("a runtime without the Fetch API", () => {
  it("the CommonJS build throws one [@petstore/mock] error naming jest-fixed-jsdom, before msw fails", async () => {
    const code =
      'delete globalThis.Request; try { require("@petstore/mock"); console.log("loaded") } catch (e) { console.log(e.name + ": " + e.message) }';
    const out = await node(code, { cwd: project });
    expect(out.split("\n")).toHaveLength(1);
    expect(out).toMatch(
      /^Error: \[@petstore\/mock\] this environment has no Request \(the Fetch API\).*"jest-fixed-jsdom"/,
    );
  });
});

describe("the bin, petstore-mock (dist/cli.js)", () => {
  it("is the package's bin, serves until SIGTERM and prints its base URL first", async () => {
    const manifest = readFileSync(path.join(installed, "package.json"), "utf8");
    const { bin } = JSON.parse(manifest) as { bin: Record<string, string> };
    expect(bin).toEqual({ "petstore-mock": "./dist/cli.js" });
    const child = spawn(
      process.execPath,
      [path.join(installed, bin["petstore-mock"]!), "serve", "--port", "0", "--api-key", "k1"],
      {
        cwd: project,
        env: cleanEnv,
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    try {
      const exited = once(child, "exit").then(([code]) => {
        throw new Error(`petstore-mock exited (${String(code)}) before printing its URL`);
      });
      const [chunk] = (await Promise.race([once(child.stdout, "data"), exited])) as [Buffer];
      const baseUrl = chunk.toString("utf8").split("\n")[0]!;
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect((await fetch(`${baseUrl}/pets`, { headers: { authorization: "Bearer k1" } })).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
      expect((await once(child, "exit"))[0]).toBe(0);
    }
  });
});

const distCjs = path.join(packageDir, "dist", "prism.cjs");
const sources = ["src/prism/index.ts", "scripts/cjs-shims.ts", "tsup.config.ts"].map((file) =>
  path.join(packageDir, file),
);
const distCurrent = existsSync(distCjs) && sources.every((file) => statSync(file).mtimeMs <= statSync(distCjs).mtimeMs);
if (!distCurrent)
  console.log(
    "[@petstore/mock] dist/prism.cjs is missing or older than its sources: run `pnpm --filter @petstore/mock build` to check it too",
  );

describe.skipIf(!distCurrent)("dist/prism.cjs", () => {
  it("is required by a plain `node` and resolves the contract path", async () => {
    const out = await node(`console.log(require(${JSON.stringify(distCjs)}).contractPath());`, { cwd: packageDir });
    expect(out).toBe(await realpath(contractYaml));
  });
});
