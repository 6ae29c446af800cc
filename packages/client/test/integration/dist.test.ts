import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PET } from "../helpers/fake-fetch";
import { json, startServer, type TestServer } from "../helpers/server";
import { packageDir } from "../helpers/typescript";

const run = promisify(execFile);
let server: TestServer;

beforeAll(async () => {
  server = await startServer((req, res) =>
    req.url.startsWith("/v1/pets/")
      ? json(res, 404, { code: "not_found", message: "No pet.", status: 404 })
      : json(res, 200, [PET]),
  );
});
afterAll(() => server.close());

const program = (load: string) => `
${load}
const petstore = createPetstoreClient({ apiKey: "k", baseUrl: process.env.BASE_URL, onDeprecation: false });
petstore.pets.list().then(async (pets) => {
  const error = await petstore.pets.get(1).catch((e) => e);
  console.log(JSON.stringify({ pets, name: error.name, isNotFound: error instanceof NotFoundError, status: error.status }));
});`;

// The root `pnpm test` builds before running vitest; these prove the published files, not the source.
describe.each([
  ["CommonJS", ["-e", program('const { createPetstoreClient, NotFoundError } = require("@petstore/client");')]],
  [
    "ESM",
    ["--input-type=module", "-e", program('import { createPetstoreClient, NotFoundError } from "@petstore/client";')],
  ],
])("the built %s entry", (_name, args) => {
  it("calls a real server and throws the typed errors", async () => {
    expect(existsSync(join(packageDir, "dist/index.cjs")), "run `pnpm --filter @petstore/client build` first").toBe(
      true,
    );
    const { stdout } = await run(process.execPath, args, {
      cwd: packageDir,
      env: { ...process.env, BASE_URL: server.baseUrl },
    });
    expect(JSON.parse(stdout)).toEqual({ pets: [PET], name: "NotFoundError", isNotFound: true, status: 404 });
  }, 60_000);
});

// Moved from the unit tier: both read dist/, which a fresh clone does not have until `pnpm build`.
describe("instanceof across the CJS and ESM builds (the dual-package hazard)", () => {
  it("an error thrown by the CJS build is an instance of the ESM build's classes, and the reverse", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(packageDir, "test/fixtures/dual-package.mjs"),
    ]);
    expect(JSON.parse(stdout)).toEqual({
      distinct: true,
      cjsIsEsmNotFound: true,
      cjsIsEsmBase: true,
      cjsIsEsmServer: false,
      esmIsCjsNotFound: true,
      esmIsCjsBase: true,
      esmIsCjsRateLimit: false,
    });
  }, 60_000);
});

describe("the client README's sizes", () => {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");

  it("reports the sizes size-limit measures on the built package", async () => {
    expect(existsSync(join(packageDir, "dist/index.js")), "run `pnpm --filter @petstore/client build` first").toBe(
      true,
    );
    const { stdout } = await promisify(execFile)(join(packageDir, "node_modules/.bin/size-limit"), ["--json"], {
      cwd: packageDir,
    });
    const [client, error, raw] = (JSON.parse(stdout) as { size: number }[]).map(({ size }) =>
      size.toLocaleString("en"),
    );
    expect(readme).toContain(`\`createPetstoreClient\` is ${client} B`);
    expect(readme).toContain(`one error class imported alone is ${error} B`);
    expect(readme).toContain(`\`@petstore/client/raw\` is ${raw} B`);
  }, 60_000);
});

describe("once per process across the ESM and CJS builds (the dual-package hazard)", () => {
  it("the built ESM and CJS copies in one process warn once between them", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(packageDir, "test/fixtures/dual-deprecation.mjs"),
    ]);
    const { distinct, warnings } = JSON.parse(stdout) as { distinct: boolean; warnings: string[] };
    expect(distinct).toBe(true);
    expect(warnings).toEqual([
      expect.stringMatching(/^DeprecationWarning: \[@petstore\/client\] pets\.get\(\) is deprecated/),
    ]);
  }, 60_000);
});
