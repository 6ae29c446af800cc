import { execFile } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startPetstoreMockServer, type RunningPetstoreMockServer } from "../../src/http/index";
import { packageDir } from "../helpers/typescript";

let api: RunningPetstoreMockServer;
beforeAll(async () => {
  api = await startPetstoreMockServer({ apiKeys: ["py-key"] });
});
afterAll(() => api.close());

it("a Python urllib client drives the mock and reads its journal over HTTP", async () => {
  const script = join(packageDir, "test", "python", "journal_test.py");
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = execFile(
      "python3",
      [script, "-v"],
      { env: { ...process.env, PETSTORE_MOCK_URL: api.baseUrl }, timeout: 60_000 },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    );
  });
  expect(stderr).toMatch(/Ran 3 tests/);
  expect(stderr, stderr).toMatch(/\nOK\n/);
  expect(code).toBe(0);
});
