import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PET } from "./helpers/fake-fetch";
import { json, startServer, type TestServer } from "./helpers/server";
import { packageDir } from "./helpers/typescript";

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
