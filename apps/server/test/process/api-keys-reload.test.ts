import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, startChild } from "../helpers/child";

const dir = mkdtempSync(join(tmpdir(), "petstore-keys-reload-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const list = (baseUrl: string, key: string) =>
  fetch(`${baseUrl}/pets?limit=1`, { headers: { authorization: `Bearer ${key}` } }).then((response) => response.status);

describe("PETSTORE_API_KEYS_FILE", () => {
  it("SIGHUP swaps the keys without dropping a request; a bad file keeps the keys in force", async () => {
    const file = join(dir, "keys.txt");
    writeFileSync(file, "sk_old\n");
    const server = await spawnServer({
      PETSTORE_API_KEYS_FILE: file,
      PETSTORE_DATA_DIR: join(dir, "data"),
      LOG_LEVEL: "warn",
    });
    try {
      expect(await list(server.baseUrl, "sk_old")).toBe(200);
      // 8 clients keep listing with either key while the file changes and SIGHUP lands: every request gets an answer.
      let reloaded = false;
      const statuses: number[] = [];
      const clients = Array.from({ length: 8 }, async (_, i) => {
        for (let n = 0; n < 200 && !(reloaded && n > 20); n++)
          statuses.push(await list(server.baseUrl, i % 2 === 0 ? "sk_old" : "sk_new"));
      });
      writeFileSync(file, "# rotated\nsk_new\n");
      server.child.kill("SIGHUP");
      await server.waitFor(/SIGHUP: reloaded 1 API key\(s\)/);
      reloaded = true;
      await Promise.all(clients);
      expect(statuses.every((status) => status === 200 || status === 401)).toBe(true);
      expect(await list(server.baseUrl, "sk_new")).toBe(200);
      expect(await list(server.baseUrl, "sk_old")).toBe(401);

      writeFileSync(file, "clé\n");
      server.child.kill("SIGHUP");
      await server.waitFor(/key 1 of PETSTORE_API_KEYS_FILE \S+ holds U\+00E9.* The keys in force stay\./);
      expect(await list(server.baseUrl, "sk_new")).toBe(200);
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 90_000);

  it("a key outside printable ASCII refuses the start with one line", async () => {
    const child = await startChild({ PETSTORE_API_KEYS: "sk_ok,clé", PETSTORE_DATA_DIR: join(dir, "refused") });
    expect(await child.exited).toBe(1);
    expect(child.stderr()).toMatch(
      /^\[@petstore\/server\] key 2 of PETSTORE_API_KEYS holds U\+00E9: keys are printable ASCII[^\n]*\n$/,
    );
  }, 60_000);
});
