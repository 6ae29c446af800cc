import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { afterEach, describe, expect, it } from "vitest";
import { walDataVersion, type DataVersion } from "../../src/store/sqlite-revision";

const libsqlPath = createRequire(import.meta.url).resolve("libsql");
const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const undo of cleanup.splice(0).reverse()) undo();
});

/** A WAL database with a table, and `connections` connections on it (each its own SQLite pager and cache). */
function walDatabase(connections: number): { file: string; dbs: Database.Database[] } {
  const dir = mkdtempSync(join(tmpdir(), "petstore-revision-"));
  const file = join(dir, "petstore.db");
  const dbs: Database.Database[] = [];
  for (let i = 0; i < connections; i++) {
    const db = new Database(file);
    db.exec("PRAGMA journal_mode = WAL");
    if (i === 0) db.exec("CREATE TABLE t (x INTEGER)");
    dbs.push(db);
  }
  cleanup.push(() => {
    for (const db of dbs) db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { file, dbs };
}

/** Lets the current task and its microtasks end: a value read in it is not reused after. */
const nextTask = () => new Promise((resolve) => setImmediate(resolve));

/** `walDataVersion` on `db`, counting how often it runs the statement, and the statement itself for comparison. */
function counted(db: Database.Database, shmFile: string | undefined) {
  const statement = db.prepare("PRAGMA data_version").raw();
  const exact = () => (statement.get() as [number])[0];
  let runs = 0;
  const version: DataVersion = walDataVersion(shmFile, () => {
    runs++;
    return exact();
  });
  cleanup.push(() => version.close());
  return { version, exact, runs: () => runs };
}

describe("walDataVersion", () => {
  it("answers what PRAGMA data_version answers, through any mix of commits by this and another connection", async () => {
    const { file, dbs } = walDatabase(2);
    const [own, other] = dbs as [Database.Database, Database.Database];
    const { version, exact } = counted(own, `${file}-shm`);
    const seen = new Set<number>();
    let previous = version.read();
    for (let round = 0; round < 200; round++) {
      const writer = round % 3 === 0 ? own : other;
      writer.prepare("INSERT INTO t (x) VALUES (?)").run(round);
      await nextTask();
      const now = version.read();
      expect(now).toBe(exact());
      // Another connection's commit changes the value, the connection's own does not (as for the statement).
      if (writer === other) expect(now).not.toBe(previous);
      else expect(now).toBe(previous);
      seen.add(now);
      previous = now;
    }
    expect(seen.size).toBeGreaterThan(100);
  });

  it("runs the statement only after a commit changed the WAL-index header", async () => {
    const { file, dbs } = walDatabase(2);
    const [own, other] = dbs as [Database.Database, Database.Database];
    const { version, runs } = counted(own, `${file}-shm`);
    const value = version.read();
    const afterFirst = runs();
    for (let i = 0; i < 50; i++) {
      await nextTask();
      expect(version.read()).toBe(value);
    }
    // Reads on either connection commit nothing.
    other.prepare("SELECT count(*) FROM t").get();
    own.prepare("SELECT count(*) FROM t").get();
    await nextTask();
    expect(version.read()).toBe(value);
    expect(runs()).toBe(afterFirst);
    other.exec("INSERT INTO t (x) VALUES (1)");
    await nextTask();
    expect(version.read()).not.toBe(value);
    expect(runs()).toBe(afterFirst + 1);
  });

  it("reads once per run of code: every read until its microtasks run gets the value the first read found", async () => {
    const { file, dbs } = walDatabase(2);
    const [own, other] = dbs as [Database.Database, Database.Database];
    const { version, runs } = counted(own, `${file}-shm`);
    await nextTask();
    const value = version.read();
    const before = runs();
    // A commit made meanwhile is not seen by this run (no request it answers can have been sent after that commit)...
    other.exec("INSERT INTO t (x) VALUES (1)");
    expect(version.read()).toBe(value);
    expect(version.read()).toBe(value);
    expect(runs()).toBe(before);
    // ...and is once its microtasks have run.
    await Promise.resolve();
    expect(version.read()).not.toBe(value);
    expect(runs()).toBe(before + 1);
  });

  it("sees a commit made by another process", async () => {
    const { file, dbs } = walDatabase(1);
    const { version, exact } = counted(dbs[0]!, `${file}-shm`);
    const before = version.read();
    execFileSync(process.execPath, [
      "-e",
      `const Database = require(${JSON.stringify(libsqlPath)}); const db = new Database(${JSON.stringify(file)}); db.exec("INSERT INTO t (x) VALUES (7)"); db.close();`,
    ]);
    await nextTask();
    const after = version.read();
    expect(after).not.toBe(before);
    expect(after).toBe(exact());
    expect(dbs[0]!.prepare("SELECT x FROM t").raw().all()).toEqual([[7]]);
  });

  it("sees commits after the log was checkpointed and started over", async () => {
    const { file, dbs } = walDatabase(2);
    const [own, other] = dbs as [Database.Database, Database.Database];
    const { version, exact } = counted(own, `${file}-shm`);
    other.exec("INSERT INTO t (x) VALUES (1)");
    const before = version.read();
    for (const mode of ["PASSIVE", "RESTART", "TRUNCATE"]) {
      other.exec(`PRAGMA wal_checkpoint(${mode})`);
      await nextTask();
      expect(version.read()).toBe(exact());
      const last = version.read();
      // The first commit after a RESTART or TRUNCATE starts the log over, at frame 1 with new salts.
      other.exec("INSERT INTO t (x) VALUES (2)");
      await nextTask();
      expect(version.read()).not.toBe(last);
      expect(version.read()).toBe(exact());
    }
    await nextTask();
    expect(version.read()).not.toBe(before);
  });

  it("runs the statement every time when there is no readable header", async () => {
    const { file, dbs } = walDatabase(2);
    const [own, other] = dbs as [Database.Database, Database.Database];
    const junk = join(file, "..", "junk-shm");
    writeFileSync(junk, Buffer.alloc(64));
    for (const shmFile of [join(file, "..", "missing-shm"), junk]) {
      const { version, exact, runs } = counted(own, shmFile);
      const start = runs();
      const value = version.read();
      other.exec("INSERT INTO t (x) VALUES (1)");
      await nextTask();
      expect(version.read()).not.toBe(value);
      await nextTask();
      expect(version.read()).toBe(exact());
      expect(runs() - start).toBe(3);
    }
  });

  it("reads a database of the connection's own (:memory:) once", async () => {
    const db = new Database(":memory:");
    cleanup.push(() => db.close());
    db.exec("CREATE TABLE t (x INTEGER)");
    const { version, exact, runs } = counted(db, undefined);
    const value = version.read();
    db.exec("INSERT INTO t (x) VALUES (1)");
    await nextTask();
    expect(version.read()).toBe(value);
    expect(exact()).toBe(value);
    expect(runs()).toBe(1);
  });
});
