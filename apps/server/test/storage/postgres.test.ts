import pg from "pg";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  type CreateResult,
  createPostgresStore,
  IDEMPOTENCY_TTL_MS,
  IdempotencyConflictError,
  startServer,
  type RunningServer,
} from "../../src/index";
import type { TestDatabase } from "../helpers/postgres";
import { useTestDatabase } from "../helpers/test-database";
import { describeStoreContract } from "./suite";

let database: TestDatabase = { skip: "not started" };
useTestDatabase((started) => {
  database = started;
  if ("skip" in started) console.warn(`[@petstore/server] skipping PostgreSQL tests: ${started.skip}`);
});

function url(): string {
  if ("skip" in database) throw new Error(database.skip);
  return database.url;
}

async function emptyDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: url() });
  await client.connect();
  await client.query(
    "DROP TABLE IF EXISTS petstore_keys, petstore_key_scopes, petstore_idempotency_keys, petstore_pets",
  );
  await client.end();
}

describe("PostgreSQL", () => {
  // Skipped (with the reason printed above) only when no PostgreSQL can be found, started or installed.
  beforeEach((context) => {
    if ("skip" in database) context.skip(database.skip);
  });

  describeStoreContract("postgres", {
    fresh: async (options) => {
      await emptyDatabase();
      return createPostgresStore(url(), options);
    },
    reopen: async (options) => createPostgresStore(url(), options),
    countKeys: async () => {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        return (await client.query("SELECT count(*)::int AS n FROM petstore_keys")).rows[0].n as number;
      } finally {
        await client.end();
      }
    },
  });

  it("lets two server instances share one database: one pet per idempotency key, distinct ids", async () => {
    await emptyDatabase();
    const [storeA, storeB] = await Promise.all([createPostgresStore(url()), createPostgresStore(url())]);
    const servers: RunningServer[] = await Promise.all([
      startServer({ apiKeys: ["k"], store: storeA }),
      startServer({ apiKeys: ["k"], store: storeB }),
    ]);
    try {
      const post = (server: RunningServer, body: object, idempotencyKey?: string) =>
        fetch(`${server.baseUrl}/pets`, {
          method: "POST",
          headers: {
            authorization: "Bearer k",
            "content-type": "application/json",
            ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
          },
          body: JSON.stringify(body),
        }).then(async (response) => ({ status: response.status, text: await response.text() }));
      const duplicates = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(servers[i % 2]!, { name: "Once", categoryId: 1 }, "shared-key")),
      );
      expect(duplicates.every((r) => r.status === 201)).toBe(true);
      expect(new Set(duplicates.map((r) => r.text)).size).toBe(1);
      const distinct = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(servers[i % 2]!, { name: `p${i}`, categoryId: i })),
      );
      const ids = distinct.map((r) => JSON.parse(r.text).id as number);
      expect(new Set(ids).size).toBe(20);
      const listed = await fetch(`${servers[1]!.baseUrl}/pets?limit=100`, {
        headers: { authorization: "Bearer k" },
      }).then((r) => r.json());
      expect(listed).toHaveLength(21);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it("replays the pet another instance committed under a key while a batch inserted, deleting the batch's own", async () => {
    await emptyDatabase();
    const store = await createPostgresStore(url());
    const other = new pg.Client({ connectionString: url() });
    const watcher = new pg.Client({ connectionString: url() });
    await Promise.all([other.connect(), watcher.connect()]);
    try {
      const rex = { name: "Rex", categoryId: 1 };
      const key = (k: string, fingerprint = "f1") => ({ scope: "scope-a", key: k, fingerprint });
      await store.create(rex, key("before"));
      // Another instance's create of key "raced", not committed yet: the batch's look-up cannot see it.
      await other.query("BEGIN");
      const theirs = (
        await other.query<{ id: string }>(
          `INSERT INTO petstore_pets (name_json, category_id, status) VALUES ('"Theirs"', 7, NULL) RETURNING id`,
        )
      ).rows[0]!;
      await other.query(
        `INSERT INTO petstore_keys (scope_id, key, fingerprint, pet_id, created_at)
         SELECT id, 'raced', 'f-theirs', $1, now() FROM petstore_key_scopes WHERE scope = 'scope-a'`,
        [theirs.id],
      );
      const batch = Promise.allSettled([
        store.create({ name: "Free", categoryId: 3 }, key("free")),
        store.create(rex, key("raced", "f-theirs")),
        store.create(rex, key("raced", "f-mine")),
      ]);
      // The batch's claim of "raced" waits for the other transaction's row.
      await vi.waitFor(
        async () => {
          const { rows } = await watcher.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
          );
          expect(rows[0]!.n).toBe(1);
        },
        { timeout: 5_000, interval: 20 },
      );
      await other.query("COMMIT");
      const [free, replay, conflict] = await batch;
      const theirsPet = { id: Number(theirs.id), name: "Theirs", categoryId: 7 };
      expect(replay).toEqual({ status: "fulfilled", value: { pet: theirsPet, replayed: true } });
      expect(conflict).toMatchObject({ status: "rejected", reason: expect.any(IdempotencyConflictError) });
      expect(free).toMatchObject({ status: "fulfilled", value: { replayed: false } });
      const freePet = (free as PromiseFulfilledResult<CreateResult>).value.pet;
      const listed = await store.list({ limit: 100 });
      expect(listed.map((pet) => pet.name).sort()).toEqual(["Free", "Rex", "Theirs"]);
      // The batch's own pet for "raced" was inserted and deleted again: its id is gone for good.
      const next = await store.create({ name: "Next", categoryId: 4 });
      expect(next.pet.id).toBeGreaterThan(Math.max(freePet.id, theirsPet.id) + 1);
      expect(await store.create(rex, key("raced", "f-theirs"))).toEqual({ pet: theirsPet, replayed: true });
    } finally {
      await other.query("ROLLBACK").catch(() => undefined);
      await Promise.all([other.end(), watcher.end(), store.close()]);
    }
  });

  it("runs a batch again when PostgreSQL ends it to break a deadlock with the sweep, and answers every create", async () => {
    await emptyDatabase();
    let now = Date.UTC(2026, 0, 1);
    const store = await createPostgresStore(url(), { now: () => now });
    const sweep = new pg.Client({ connectionString: url() });
    const watcher = new pg.Client({ connectionString: url() });
    await Promise.all([sweep.connect(), watcher.connect()]);
    const waiting = async (n: number) =>
      vi.waitFor(
        async () => {
          const { rows } = await watcher.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
          );
          expect(rows[0]!.n).toBe(n);
        },
        { timeout: 5_000, interval: 20 },
      );
    try {
      const rex = { name: "Rex", categoryId: 1 };
      const key = (k: string) => ({ scope: "scope-a", key: k, fingerprint: "f1" });
      const first = await Promise.all([store.create(rex, key("a")), store.create(rex, key("b"))]);
      now += IDEMPOTENCY_TTL_MS;
      // A sweep of another instance deletes the expired keys oldest first: "b", then "a". The batch takes both over
      // in key order: it holds "a" and waits for "b", the sweep then waits for "a". The batch waits longer than the
      // sweep's session would, so PostgreSQL ends the batch's transaction, not the sweep's.
      await sweep.query("SET deadlock_timeout = '30s'");
      await sweep.query("BEGIN");
      await sweep.query("DELETE FROM petstore_keys WHERE key = 'b'");
      const batch = Promise.all([store.create(rex, key("a")), store.create(rex, key("b"))]);
      await waiting(1);
      const swept = sweep.query("DELETE FROM petstore_keys WHERE key = 'a'");
      // The deadlock is broken by ending the batch (after PostgreSQL's 1 s deadlock_timeout); run again, it waits
      // for the sweep once more.
      await waiting(2);
      await waiting(1);
      await swept;
      await sweep.query("COMMIT");
      const again = await batch;
      expect(again.map((created) => created.replayed)).toEqual([false, false]);
      const ids = new Set([...first, ...again].map((created) => created.pet.id));
      expect(ids.size).toBe(4);
      expect(await store.create(rex, key("a"))).toEqual({ pet: again[0]!.pet, replayed: true });
    } finally {
      await sweep.query("ROLLBACK").catch(() => undefined);
      await Promise.all([sweep.end(), watcher.end(), store.close()]);
    }
  });

  it("moves the keys of a schema version 1 database forward, and still replays them", async () => {
    await emptyDatabase();
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    await client.query(`CREATE TABLE petstore_pets (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name_json TEXT NOT NULL, category_id BIGINT NOT NULL, status TEXT NULL)`);
    await client.query(`CREATE TABLE petstore_idempotency_keys (scope TEXT NOT NULL, key TEXT NOT NULL,
      fingerprint TEXT NOT NULL, pet_id BIGINT NOT NULL REFERENCES petstore_pets (id), created_at TIMESTAMPTZ NOT NULL,
      PRIMARY KEY (scope, key))`);
    await client.query(`INSERT INTO petstore_pets (name_json, category_id, status) VALUES ('"Rex"', 1, 'sold')`);
    await client.query("INSERT INTO petstore_idempotency_keys VALUES ('scope-a', 'k1', 'f1', 1, now())");
    await client.end();
    const store = await createPostgresStore(url());
    try {
      expect(
        await store.create(
          { name: "Rex", categoryId: 1, status: "sold" },
          { scope: "scope-a", key: "k1", fingerprint: "f1" },
        ),
      ).toEqual({ pet: { id: 1, name: "Rex", categoryId: 1, status: "sold" }, replayed: true });
      expect(
        (await store.create({ name: "New", categoryId: 2 }, { scope: "scope-a", key: "k2", fingerprint: "f2" })).pet.id,
      ).toBe(2);
    } finally {
      await store.close();
    }
  });

  it("reports an unreachable database clearly", async () => {
    await expect(createPostgresStore("postgres://nobody@127.0.0.1:1/none")).rejects.toThrow(
      /cannot connect to PostgreSQL/,
    );
  });
});
