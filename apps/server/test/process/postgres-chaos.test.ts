import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { expectNoAcknowledgedPetLost } from "../helpers/kill-during-creates";
import { expectOnePetPerKeyAcrossServers } from "../helpers/multi-instance";
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
    await query("DROP TABLE IF EXISTS petstore_keys, petstore_key_scopes, petstore_idempotency_keys, petstore_pets");
  });

  it("keeps every pet that got a 201 when the server is SIGKILLed mid-flight", async () => {
    await expectNoAcknowledgedPetLost({ PETSTORE_API_KEYS: "k", DATABASE_URL: url(), LOG_LEVEL: "warn" });
  }, 120_000);

  it("three servers on one database create one pet per Idempotency-Key sent to all of them at once", async () => {
    await expectOnePetPerKeyAcrossServers({ PETSTORE_API_KEYS: "k", DATABASE_URL: url(), LOG_LEVEL: "warn" });
    const stored = await query(
      "SELECT count(*)::int AS pets, count(DISTINCT name_json)::int AS names FROM petstore_pets",
    );
    expect(stored.rows[0]).toEqual({ pets: 100, names: 100 });
  }, 120_000);
});
