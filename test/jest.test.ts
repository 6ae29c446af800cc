// Jest 30, in node and jest-fixed-jsdom environments, runs the @petstore/mock README's Jest configuration and test
// files against the PACKED @petstore/mock, @petstore/client and @petstore/contract (as a user installs them), with
// the newest msw 2 (whose ES-module-only dependencies need the README's transform).
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const mockDir = join(root, "packages", "mock");
const readme = readFileSync(join(mockDir, "README.md"), "utf8");

/** What the Jest project installs: Jest 30 and the newest msw 2, the upper end of the mock's peer range. */
const VERSIONS = {
  jest: "30.5.2",
  "babel-jest": "30.5.2",
  "@babel/core": "7.29.13",
  "@babel/plugin-transform-modules-commonjs": "7.29.14",
  "jest-environment-jsdom": "30.5.2",
  "jest-fixed-jsdom": "0.0.11",
  msw: "2.15.0",
};

/** The README's `js <file name>` blocks, by file name. */
function readmeFiles(): Record<string, string> {
  return Object.fromEntries(
    [...readme.matchAll(/^```js ([\w.-]+)\n([\s\S]*?)^```$/gm)].map((match) => [match[1]!, match[2]!]),
  );
}

// A child must not think it is one of vitest's workers, nor inherit pnpm's NODE_PATH or NODE_OPTIONS.
const childEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !name.startsWith("VITEST") && !["NODE_OPTIONS", "NODE_PATH"].includes(name) && !name.startsWith("npm_"),
  ),
);

function run(
  command: string,
  args: string[],
  cwd: string,
  timeout: number,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      command,
      args,
      { cwd, env: childEnv, timeout, killSignal: "SIGKILL", maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          reject(
            new Error(
              `${command} ${args.join(" ")} failed (${error.killed ? `still running after ${timeout} ms` : `exit ${String(error.code)}`}):\n${stdout}\n${stderr}`,
            ),
          );
        else resolvePromise({ stdout, stderr });
      },
    );
  });
}

let project: string;
beforeAll(async () => {
  for (const name of ["contract", "client", "mock"]) {
    if (!existsSync(join(root, "packages", name, "dist")))
      throw new Error(`packages/${name}/dist is missing: run \`pnpm build\` first (\`pnpm test\` does)`);
  }
  project = await mkdtemp(join(tmpdir(), "petstore-jest-"));
  const names = ["contract", "client", "mock"];
  await Promise.all(
    names.map((name) => run("pnpm", ["pack", "--pack-destination", project], join(root, "packages", name), 120_000)),
  );
  const files = await readdir(project);
  const tarballs = Object.fromEntries(
    names.map((name) => [
      `@petstore/${name}`,
      `file:./${files.find((entry) => entry.startsWith(`petstore-${name}-`) && entry.endsWith(".tgz"))}`,
    ]),
  );
  await writeFile(
    join(project, "package.json"),
    JSON.stringify({
      name: "jest-consumer",
      private: true,
      devDependencies: { ...tarballs, ...VERSIONS },
      // The packed client and mock depend on @petstore/contract by version: take the packed one, not the registry's.
      pnpm: { overrides: { "@petstore/contract": tarballs["@petstore/contract"] } },
    }),
  );
  for (const [name, code] of Object.entries(readmeFiles())) await writeFile(join(project, name), code);
  // Beyond the README: a slow answer 10 minutes long. Were its timer left behind, Jest would not exit for 10 minutes.
  await writeFile(
    join(project, "abandoned.test.js"),
    [
      'const { createPetstoreClient, TimeoutError } = require("@petstore/client");',
      'const { createPetstoreHandlers, petstoreMock } = require("@petstore/mock");',
      'const { setupServer } = require("msw/node");',
      "const server = setupServer(...createPetstoreHandlers({ latency: 600000 }));",
      'beforeAll(() => server.listen({ onUnhandledRequest: "error" }));',
      "afterAll(() => server.close());",
      'test("a 10-minute slow answer and latency end when the SDK gives up", async () => {',
      '  server.use(petstoreMock.scenario.slow("getPet", 600000));',
      '  const petstore = createPetstoreClient({ apiKey: "k", timeout: 50, maxRetries: 0, onDeprecation: false });',
      "  await expect(petstore.pets.get(1)).rejects.toBeInstanceOf(TimeoutError);",
      "  await expect(petstore.pets.list()).rejects.toBeInstanceOf(TimeoutError);",
      "});",
      "",
    ].join("\n"),
  );
  // Beyond the README: Jest's plain jsdom environment, which hides Node's Fetch API. Importing the mock there must say
  // so and name jest-fixed-jsdom, not fail inside msw with "ReferenceError: Request is not defined".
  await writeFile(
    join(project, "plain-jsdom.test.js"),
    [
      "/**",
      // Split, or vitest would read the docblock as this file's own environment.
      ` * @jest-${"environment"} jsdom`,
      " */",
      'test("importing the mock without the Fetch API names the fix", () => {',
      '  expect(typeof Request).toBe("undefined");',
      '  expect(() => require("@petstore/mock")).toThrow(',
      "    /^\\[@petstore\\/mock\\] this environment has no Request, Response, fetch \\(the Fetch API\\).*jest-fixed-jsdom/,",
      "  );",
      "});",
      "",
    ].join("\n"),
  );
  // Beyond the README: a slow answer nobody waits for, without a timeout. Were its timer left behind after
  // server.close(), Jest would not exit for 10 minutes.
  await writeFile(
    join(project, "forgotten.test.js"),
    [
      'const { createPetstoreHandlers } = require("@petstore/mock");',
      'const { setupServer } = require("msw/node");',
      "const handlers = createPetstoreHandlers();",
      "const server = setupServer(...handlers);",
      'beforeAll(() => server.listen({ onUnhandledRequest: "error" }));',
      "afterAll(() => server.close());",
      'test("a forgotten slow request", () => {',
      '  server.use(handlers.scenario.slow("listPets", 600000));',
      '  fetch("https://api.petstore.example/v1/pets", { headers: { authorization: "Bearer k" } }).catch(() => {});',
      "});",
      "",
    ].join("\n"),
  );
  await run(
    "pnpm",
    ["install", "--ignore-workspace", "--prefer-offline", "--config.confirmModulesPurge=false", "--reporter=silent"],
    project,
    300_000,
  );
}, 420_000);

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

describe("Jest 30 with the packed packages", () => {
  it("declares the README's files: a config and a node and a jsdom test", () => {
    expect(Object.keys(readmeFiles()).sort()).toEqual(["jest.config.cjs", "petstore-dom.test.js", "petstore.test.js"]);
  });

  it("runs the README's tests in node and jest-fixed-jsdom, and exits by itself", { timeout: 240_000 }, async () => {
    const report = join(project, "report.json");
    // No --forceExit: a timer or socket left open would keep Jest running until the 180 s limit kills it.
    await run(
      join(project, "node_modules", ".bin", "jest"),
      ["--ci", "--json", `--outputFile=${report}`],
      project,
      180_000,
    );
    const { numPassedTests, numTotalTests, testResults } = JSON.parse(await readFile(report, "utf8")) as {
      numPassedTests: number;
      numTotalTests: number;
      testResults: { name: string; status: string }[];
    };
    expect(testResults.map((result) => [result.name.split("/").at(-1), result.status]).sort()).toEqual([
      ["abandoned.test.js", "passed"],
      ["forgotten.test.js", "passed"],
      ["petstore-dom.test.js", "passed"],
      ["petstore.test.js", "passed"],
      ["plain-jsdom.test.js", "passed"],
    ]);
    expect(numPassedTests).toBe(numTotalTests);
    expect(numTotalTests).toBe(6);
  });

  it("the msw it installs is inside the mock's peer range, whose lower end is the msw the repository's tests use", () => {
    const mock = JSON.parse(readFileSync(join(mockDir, "package.json"), "utf8")) as {
      peerDependencies: { msw: string };
      devDependencies: { msw: string };
    };
    expect(mock.peerDependencies.msw).toBe(`^${mock.devDependencies.msw}`);
    const installed = JSON.parse(readFileSync(join(project, "node_modules", "msw", "package.json"), "utf8")) as {
      version: string;
    };
    expect(installed.version).toBe(VERSIONS.msw);
    expect(installed.version.split(".")[0]).toBe(mock.devDependencies.msw.split(".")[0]);
  });
});
