import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, type ChildServer } from "../helpers/child";

const dir = mkdtempSync(join(tmpdir(), "petstore-shared-reads-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const auth = { authorization: "Bearer k" };

async function get(server: ChildServer, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: auth });
  return { status: response.status, body: await response.json() };
}

describe("the embedded SQLite store, two processes on one file", () => {
  it("a pet created through one process is in the very next answer of the other, whose answers were reused", async () => {
    const servers: ChildServer[] = [];
    try {
      for (let i = 0; i < 2; i++)
        servers.push(
          await spawnServer({ PETSTORE_API_KEYS: "k", PETSTORE_DATA_DIR: join(dir, "shared"), LOG_LEVEL: "warn" }),
        );
      const created: number[] = [];
      for (let round = 0; round < 40; round++) {
        const writer = servers[round % 2]!;
        const reader = servers[(round + 1) % 2]!;
        const next = (created.at(-1) ?? 0) + 1;
        // Asked twice, so the reader's second answers come from its answer cache, as of before the create.
        for (let twice = 0; twice < 2; twice++) {
          expect((await get(reader, "/pets?limit=100")).body).toHaveLength(created.length);
          expect((await get(reader, `/pets/${next}`)).status).toBe(404);
        }
        const response = await fetch(`${writer.baseUrl}/pets`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ name: `pet-${round}`, categoryId: round }),
        });
        expect(response.status).toBe(201);
        const { id } = (await response.json()) as { id: number };
        expect(id).toBe(next);
        created.push(id);
        // At once, so the reader answers several in one go (after one poll phase), all with the new pet.
        const lists = await Promise.all(Array.from({ length: 8 }, () => get(reader, "/pets?limit=100")));
        for (const list of lists) expect((list.body as { id: number }[]).map((pet) => pet.id)).toEqual(created);
        expect(await get(reader, `/pets/${id}`)).toEqual({
          status: 200,
          body: { id, name: `pet-${round}`, categoryId: round },
        });
      }
      for (const server of servers) expect(server.child.exitCode).toBeNull();
    } finally {
      for (const server of servers) server.child.kill("SIGTERM");
      await Promise.all(servers.map((server) => server.exited));
    }
  }, 120_000);
});
