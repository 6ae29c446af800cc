import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { PET } from "./helpers/fake-fetch";
import { json, startServer } from "./helpers/server";
import { packageDir } from "./helpers/typescript";

const readme = readFileSync(join(packageDir, "README.md"), "utf8");
const recipe = (title: string) =>
  /```ts\n([\s\S]*?)```/.exec(readme.split(`### Recipe: ${title}\n`)[1] ?? "")?.[1] ?? "";
const dir = mkdtempSync(join(packageDir, "test", ".recipes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a README snippet as pasted, only its base URL pointed at `baseUrl`. */
async function runSnippet(code: string, baseUrl: string, name: string) {
  const file = join(dir, `${name}.ts`);
  writeFileSync(file, code.replace("http://127.0.0.1:3000/v1", baseUrl));
  await import(/* @vite-ignore */ file);
}

describe("README recipes run as pasted", () => {
  it("tracing: every request carries a traceparent and is logged with its status and duration", async () => {
    const server = await startServer((_req, res) => json(res, 200, [PET]));
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await runSnippet(recipe("tracing"), server.baseUrl, "tracing");
      expect(server.received[0]?.headers.traceparent).toBe("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
      expect(server.received[0]?.headers.authorization).toBe("Bearer dev-key");
      expect(log.mock.calls).toEqual([
        [expect.stringMatching(new RegExp(`^GET ${server.baseUrl}/pets → 200 in \\d+ ms$`))],
      ]);
    } finally {
      log.mockRestore();
      await server.close();
    }
  }, 60_000);

  it("token refresh: a 401 refreshes the token and repeats the request once with the new one", async () => {
    const server = await startServer((req, res) =>
      req.headers.authorization === "Bearer fresh-token"
        ? json(res, 200, [PET])
        : json(res, 401, { code: "unauthorized", message: "expired", status: 401 }),
    );
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await runSnippet(recipe("token refresh"), server.baseUrl, "refresh");
      expect(server.received.map((r) => r.headers.authorization)).toEqual([
        "Bearer expired-token",
        "Bearer fresh-token",
      ]);
      expect(log.mock.calls).toEqual([[1]]);
    } finally {
      log.mockRestore();
      await server.close();
    }
  }, 60_000);
});
