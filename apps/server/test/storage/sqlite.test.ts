import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createSqliteStore, IDEMPOTENCY_TTL_MS, startServer } from "../../src/index";
import { describeStoreContract } from "./suite";

const dir = mkdtempSync(join(tmpdir(), "petstore-sqlite-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
let current = "";

describeStoreContract("SQLite", {
  fresh: async (options) => createSqliteStore((current = join(dir, `fresh-${++counter}`, "petstore.db")), options),
  reopen: async (options) => createSqliteStore(current, options),
  countKeys: async () => {
    const db = new Database(current, { readonly: true });
    try {
      return (db.prepare("SELECT count(*) AS n FROM petstore_keys").all() as { n: number }[])[0]!.n;
    } finally {
      db.close();
    }
  },
});

const pragma = (file: string, name: string): number => {
  const db = new Database(file, { readonly: true });
  try {
    return Object.values((db.prepare(`PRAGMA ${name}`).all() as Record<string, number>[])[0]!)[0]!;
  } finally {
    db.close();
  }
};

describe("SQLite store specifics", () => {
  it("gives the pages of swept keys back to the file system (auto_vacuum=INCREMENTAL)", async () => {
    let now = Date.UTC(2026, 0, 1);
    const file = join(dir, "vacuum", "petstore.db");
    const store = await createSqliteStore(file, { now: () => now, sweepIntervalMs: 3_600_000 });
    await Promise.all(
      Array.from({ length: 2000 }, (_, i) =>
        store.create({ name: "Rex", categoryId: 1 }, { scope: "s", key: `${i}-${"k".repeat(200)}`, fingerprint: "f" }),
      ),
    );
    const full = pragma(file, "page_count");
    now += IDEMPOTENCY_TTL_MS;
    await store.sweep();
    await store.close();
    expect(pragma(file, "freelist_count")).toBe(0);
    expect(pragma(file, "page_count")).toBeLessThan(full / 2);
    expect(pragma(file, "auto_vacuum")).toBe(2);
  });

  it("serves a list cached by revision until another connection on the file commits a pet", async () => {
    const file = join(dir, "two-connections", "petstore.db");
    const mine = await createSqliteStore(file);
    // Both connections live in this one thread: opening the second blocks it, so the first's start-up sweep must
    // be over (two server processes never wait on each other like this).
    await mine.sweep();
    const theirs = await createSqliteStore(file);
    const server = await startServer({ apiKeys: ["k"], store: mine });
    try {
      const list = async () =>
        (await (await fetch(`${server.baseUrl}/pets?limit=10`, { headers: { authorization: "Bearer k" } })).json()) as {
          name: string;
        }[];
      await mine.create({ name: "Rex", categoryId: 1 });
      const before = mine.revision!();
      expect(await list()).toEqual([{ id: 1, name: "Rex", categoryId: 1 }]);
      expect(await list()).toHaveLength(1);
      expect(mine.revision!(), "reads change nothing").toBe(before);
      await theirs.create({ name: "Tom", categoryId: 2 });
      expect(mine.revision!()).not.toBe(before);
      expect((await list()).map((pet) => pet.name)).toEqual(["Rex", "Tom"]);
    } finally {
      await server.close();
      await Promise.all([mine.close(), theirs.close()]);
    }
  });

  it("never hands out an id twice, whichever connection inserted or deleted the newest pet", async () => {
    const file = join(dir, "ids", "petstore.db");
    const store = await createSqliteStore(file);
    await store.sweep();
    const made = await Promise.all(Array.from({ length: 5 }, (_, i) => store.create({ name: `p${i}`, categoryId: i })));
    expect(made.map((result) => result.pet.id)).toEqual([1, 2, 3, 4, 5]);
    // Another connection (an older server on the same file): SQLite's AUTOINCREMENT record knows id 5 was used.
    const other = new Database(file);
    other.exec("DELETE FROM petstore_pets WHERE id = 5");
    const { lastInsertRowid } = other
      .prepare(`INSERT INTO petstore_pets (name_json, category_id, status) VALUES ('"Other"', 9, NULL)`)
      .run();
    expect(Number(lastInsertRowid)).toBe(6);
    other.exec("DELETE FROM petstore_pets WHERE id = 6");
    other.close();
    const next = await store.create({ name: "Next", categoryId: 7 });
    expect(next.pet.id).toBe(7);
    expect(await store.list({ limit: 10 })).toEqual([...made.slice(0, 4).map((result) => result.pet), next.pet]);
    await store.close();
  });

  it("copies the WAL into the database file from a worker thread, not inside the server's commits", async () => {
    const file = join(dir, "checkpoints", "petstore.db");
    const store = await createSqliteStore(file);
    const empty = statSync(file).size;
    // One transaction of a few dozen pages: far below SQLite's own checkpoint (1,000 pages), so only the worker
    // (every 200 ms) copies it into the database file.
    await Promise.all(Array.from({ length: 500 }, (_, i) => store.create({ name: `p${i}`, categoryId: i })));
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(empty), { timeout: 5_000, interval: 50 });
    expect(await store.list({ limit: 1000 })).toHaveLength(500);
    await store.close();
  });

  it("sweeps expired keys a batch at a time, answering reads between batches", async () => {
    let now = Date.UTC(2026, 0, 1);
    const store = await createSqliteStore(join(dir, "batches", "petstore.db"), {
      now: () => now,
      sweepIntervalMs: 3_600_000,
    });
    await Promise.all(
      Array.from({ length: 2500 }, (_, i) =>
        store.create({ name: "Rex", categoryId: 1 }, { scope: "s", key: `k${i}`, fingerprint: "f" }),
      ),
    );
    now += IDEMPOTENCY_TTL_MS;
    const order: string[] = [];
    const swept = store.sweep().then(() => order.push("sweep"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(await store.get(1)).toEqual({ id: 1, name: "Rex", categoryId: 1 });
    order.push("get");
    const between = new Database(join(dir, "batches", "petstore.db"), { readonly: true });
    const [left] = between.prepare("SELECT count(*) AS n FROM petstore_keys").all() as { n: number }[];
    between.close();
    expect(left!.n, "some deleted, some still to go").toBeGreaterThan(0);
    expect(left!.n).toBeLessThan(2500);
    await swept;
    expect(order).toEqual(["get", "sweep"]);
    await store.close();
    expect(pragma(join(dir, "batches", "petstore.db"), "freelist_count")).toBe(0);
    const db = new Database(join(dir, "batches", "petstore.db"), { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM petstore_keys").all()).toEqual([{ n: 0 }]);
    db.close();
  });

  it("moves the keys of a schema version 1 database forward, and still replays them", async () => {
    const file = join(dir, "version-1", "petstore.db");
    mkdirSync(join(dir, "version-1"));
    const at = Date.UTC(2026, 0, 1);
    const db = new Database(file);
    db.exec(`CREATE TABLE petstore_pets (id INTEGER PRIMARY KEY AUTOINCREMENT, name_json TEXT NOT NULL,
               category_id INTEGER NOT NULL, status TEXT NULL);
             CREATE TABLE petstore_idempotency_keys (scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL,
               pet_id INTEGER NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (scope, key)) WITHOUT ROWID;
             INSERT INTO petstore_pets (name_json, category_id, status) VALUES ('"Rex"', 1, 'sold'), ('"Tom"', 2, NULL);
             INSERT INTO petstore_idempotency_keys VALUES ('scope-a', 'k1', 'f1', 1, ${at}), ('scope-b', 'k1', 'f2', 2, ${at});
             PRAGMA user_version = 1;`);
    db.close();
    const store = await createSqliteStore(file, { now: () => at + 1000 });
    expect(
      await store.create(
        { name: "Rex", categoryId: 1, status: "sold" },
        { scope: "scope-a", key: "k1", fingerprint: "f1" },
      ),
    ).toEqual({
      pet: { id: 1, name: "Rex", categoryId: 1, status: "sold" },
      replayed: true,
    });
    expect(
      (await store.create({ name: "Tom", categoryId: 2 }, { scope: "scope-b", key: "k1", fingerprint: "f2" })).pet.id,
    ).toBe(2);
    expect(
      (await store.create({ name: "New", categoryId: 3 }, { scope: "scope-c", key: "k1", fingerprint: "f3" })).pet.id,
    ).toBe(3);
    await store.close();
    expect(pragma(file, "user_version")).toBe(2);
    const after = new Database(file, { readonly: true });
    expect(after.prepare("SELECT name FROM sqlite_master WHERE name = 'petstore_idempotency_keys'").all()).toEqual([]);
    after.close();
  });

  it("imports an earlier version's petstore.jsonl once, keys included, and keeps it renamed", async () => {
    const folder = join(dir, "legacy");
    mkdirSync(folder);
    const at = Date.UTC(2026, 0, 1);
    const key = { scope: "s", key: "k1", fingerprint: "f1", at };
    writeFileSync(
      join(folder, "petstore.jsonl"),
      `${JSON.stringify({ pet: { id: 1, name: "Rex\u0000", categoryId: 1, status: "sold" }, idempotency: key })}\n` +
        `${JSON.stringify({ pet: { id: 5, name: "Tom", categoryId: 2 } })}\n{"pet":{"id":6,"na`,
    );
    const notices: string[] = [];
    const store = await createSqliteStore(join(folder, "petstore.db"), {
      now: () => at + 1000,
      onNotice: (message) => notices.push(message),
    });
    expect(await store.list({ limit: 10 })).toEqual([
      { id: 1, name: "Rex\u0000", categoryId: 1, status: "sold" },
      { id: 5, name: "Tom", categoryId: 2 },
    ]);
    expect(await store.create({ name: "Rex\u0000", categoryId: 1, status: "sold" }, key)).toMatchObject({
      replayed: true,
    });
    expect((await store.create({ name: "Next", categoryId: 3 })).pet.id).toBe(6);
    await store.close();
    expect(notices).toEqual([expect.stringMatching(/imported 2 pets .*torn last line 3/)]);
    expect(readdirSync(folder)).toContain("petstore.jsonl.imported");
    expect(readdirSync(folder)).not.toContain("petstore.jsonl");
  });

  it("refuses a damaged petstore.jsonl naming the line, and creates nothing", async () => {
    const folder = join(dir, "damaged");
    mkdirSync(folder);
    writeFileSync(
      join(folder, "petstore.jsonl"),
      `${JSON.stringify({ pet: { id: 1, name: "Rex", categoryId: 1 } })}\nnot json\n${JSON.stringify({ pet: { id: 2, name: "Tom", categoryId: 1 } })}\n`,
    );
    await expect(createSqliteStore(join(folder, "petstore.db"))).rejects.toThrow(
      /petstore\.jsonl line 2 is not valid JSON; nothing was imported/,
    );
    expect(readdirSync(folder)).toEqual(["petstore.jsonl"]);
  });

  it.each([
    ["a file that is not SQLite", "not-sqlite", /is not a SQLite database .*nothing was changed/],
    ["a database of a newer schema version", "newer", /has schema version 99, newer than this server's 2/],
  ])("refuses %s with one line, changing nothing", async (_what, name, message) => {
    const folder = join(dir, name);
    mkdirSync(folder);
    const file = join(folder, "petstore.db");
    if (name === "newer") {
      const db = new Database(file);
      db.exec("PRAGMA user_version = 99");
      db.close();
    } else writeFileSync(file, "hello, this is a text file and no database at all ".repeat(100));
    const before = readFileSync(file);
    await expect(createSqliteStore(file)).rejects.toThrow(message);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(folder)).toEqual(["petstore.db"]);
  });

  it("refuses a read-only folder with one line saying what to do", async (context) => {
    if (process.getuid?.() === 0) return context.skip("root writes to read-only folders: the process test covers it");
    const folder = join(dir, "read-only");
    mkdirSync(folder);
    chmodSync(folder, 0o555);
    await expect(createSqliteStore(join(folder, "petstore.db"))).rejects.toThrow(/PETSTORE_DATA_DIR/);
  });
});
