import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPostgresStore, StoreUnavailableError, type PetStore } from "../../src/index";
import { startPgProxy, type PgProxy } from "../helpers/pg-proxy";
import type { TestDatabase } from "../helpers/postgres";
import { useTestDatabase } from "../helpers/test-database";

let database: TestDatabase = { skip: "not started" };
useTestDatabase((started) => (database = started));

// An `error` event nobody listens to is thrown from the socket's data handler: it reaches the process as an
// uncaught exception, and in a server it ends the process.
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

let proxy: PgProxy;
const stores: PetStore[] = [];
beforeEach(async (context) => {
  if ("skip" in database) return context.skip(database.skip);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(
    "DROP TABLE IF EXISTS petstore_keys, petstore_key_scopes, petstore_idempotency_keys, petstore_pets",
  );
  await admin.end();
  proxy = await startPgProxy(database.url);
  uncaught.length = 0;
  process.on("uncaughtException", onUncaught);
});
afterEach(async () => {
  process.off("uncaughtException", onUncaught);
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await proxy?.close();
});

const rex = { name: "Rex", categoryId: 1 };
const key = (k: string) => ({ scope: "s", key: k, fingerprint: "f" });

describe("PostgreSQL store, a connection terminated the moment it answers", () => {
  it("survives a new client that errors as the pool hands it over, and serves the next create on a fresh one", async () => {
    const store = await createPostgresStore(proxy.url);
    stores.push(store);
    expect(proxy.connections).toBe(1); // the setup's client, now idle in the pool

    proxy.terminateAtReady = true;
    // The key lookup runs on the idle client, whose backend is terminated as it answers: the client errors while
    // idle (the pool drops it). The transaction then needs a new client, whose backend is terminated as its
    // startup ends: it errors after the pool has handed it over and before the store could listen.
    await expect(store.create(rex, key("k1"))).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(proxy.terminated).toBe(2);

    proxy.terminateAtReady = false;
    const created = await store.create(rex, key("k1"));
    expect(created).toEqual({ pet: { id: 1, ...rex }, replayed: false });
    expect(proxy.connections).toBe(3); // neither broken client went back into the pool
    expect(await store.list({ limit: 10 })).toEqual([created.pet]);
    expect(uncaught).toEqual([]);
  });

  it("survives losing the setup's client as the pool hands it over, and a second start succeeds", async () => {
    proxy.terminateAtReady = true;
    await expect(createPostgresStore(proxy.url)).rejects.toThrow(/lost the connection to PostgreSQL/);
    expect(proxy.terminated).toBe(1);

    proxy.terminateAtReady = false;
    const store = await createPostgresStore(proxy.url);
    stores.push(store);
    expect((await store.create(rex)).pet).toEqual({ id: 1, ...rex });
    expect(uncaught).toEqual([]);
  });
});
