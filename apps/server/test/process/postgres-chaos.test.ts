import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { spawnServer, type ChildServer } from "../helpers/child";
import { expectNoAcknowledgedPetLost } from "../helpers/kill-during-creates";
import type { TestDatabase } from "../helpers/postgres";
import { useTestDatabase } from "../helpers/test-database";

let database: TestDatabase = { skip: "not started" };
useTestDatabase((started) => (database = started));

function url(): string {
  if ("skip" in database) throw new Error(database.skip);
  return database.url;
}

async function query(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url() });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

describe("PostgreSQL store, several processes", () => {
  beforeEach(async (context) => {
    if ("skip" in database) return context.skip(database.skip);
    await query("DROP TABLE IF EXISTS petstore_idempotency_keys, petstore_pets");
  });

  it("keeps every pet that got a 201 when the server is SIGKILLed mid-flight", async () => {
    await expectNoAcknowledgedPetLost({ PETSTORE_API_KEYS: "k", DATABASE_URL: url(), LOG_LEVEL: "warn" });
  }, 120_000);

  it("three servers on one database create one pet per Idempotency-Key sent to all of them at once", async () => {
    const env = { PETSTORE_API_KEYS: "k", DATABASE_URL: url(), LOG_LEVEL: "warn" };
    const servers: ChildServer[] = [];
    try {
      for (let i = 0; i < 3; i++) servers.push(await spawnServer(env));
      const KEYS = 100;
      const answers = await Promise.all(
        Array.from({ length: KEYS }, (_, key) =>
          Promise.all(
            servers.map(async (server) => {
              const response = await fetch(`${server.baseUrl}/pets`, {
                method: "POST",
                headers: {
                  authorization: "Bearer k",
                  "content-type": "application/json",
                  "idempotency-key": `race-${key}`,
                },
                body: JSON.stringify({ name: `race-${key}`, categoryId: key }),
              });
              return { status: response.status, text: await response.text() };
            }),
          ),
        ),
      );
      for (const [key, perServer] of answers.entries()) {
        expect(
          perServer.map((answer) => answer.status),
          `key ${key}`,
        ).toEqual([201, 201, 201]);
        expect(
          new Set(perServer.map((answer) => answer.text)).size,
          `key ${key}: one pet, replayed byte for byte`,
        ).toBe(1);
      }
      const ids = answers.map((perServer) => JSON.parse(perServer[0]!.text).id as number);
      expect(new Set(ids).size).toBe(KEYS);
      const stored = await query(
        "SELECT count(*)::int AS pets, count(DISTINCT name_json)::int AS names FROM petstore_pets",
      );
      expect(stored.rows[0]).toEqual({ pets: KEYS, names: KEYS });
      for (const server of servers) expect(server.child.exitCode).toBeNull();
    } finally {
      for (const server of servers) server.child.kill("SIGTERM");
      await Promise.all(servers.map((server) => server.exited));
    }
  }, 120_000);
});
