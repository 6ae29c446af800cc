import { existsSync, mkdirSync, rmSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import Database from "libsql";
import { importJsonLines } from "./jsonl-import";
import { createSqlStore, type SqlDriver, type SqlPetStore, type SqlStoreOptions } from "./sql-store";
import { fromVersion1 } from "./schema";
import { startCheckpoints, type Checkpoints } from "./sqlite-checkpoints";
import { walDataVersion } from "./sqlite-revision";
import { SCHEMA_VERSION, sqliteSchema } from "./sqlite-schema";
import { StoreUnavailableError } from "./types";

/** Options of the SQLite store. */
export interface SqliteStoreOptions extends SqlStoreOptions {
  /**
   * A JSON-lines data file of an earlier version, imported once into a new database and then renamed to
   * `<name>.imported`. Defaults to `petstore.jsonl` beside the database.
   */
  legacyFile?: string;
  /** Told what the import did, one message each. Defaults to `process.emitWarning`. */
  onNotice?: (message: string) => void;
}

/** How long a write waits for another process's transaction on the same file before it is a 503. */
const BUSY_TIMEOUT_MS = 5_000;
/** Longest pause between two tries to take the file's write lock while another process holds it. */
const BUSY_RETRY_MAX_MS = 25;

/** SQLite's primary result codes that matter here, by number. */
const PRIMARY_CODES: Record<number, string> = {
  3: "SQLITE_PERM",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  8: "SQLITE_READONLY",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  15: "SQLITE_PROTOCOL",
  23: "SQLITE_AUTH",
  26: "SQLITE_NOTADB",
};

/**
 * The code of what libsql or the system threw: SQLite's primary code for an extended one libsql does not name
 * (`UNKNOWN_SQLITE_ERROR_1544` is SQLITE_READONLY), and for a file it could not open, whose code is only at the end
 * of the message (`ConnectionFailed("Unable to open connection to local database …: 14")`); else `code` (EACCES).
 */
function errorCode(error: unknown): string | undefined {
  const { code, rawCode, message } = (error ?? {}) as { code?: unknown; rawCode?: unknown; message?: unknown };
  const named = typeof code === "string" && code !== "" ? code : undefined;
  if (typeof rawCode === "number")
    return named?.startsWith("SQLITE_") ? named : (PRIMARY_CODES[rawCode & 0xff] ?? named);
  const opening = /^ConnectionFailed\(.*: (\d+)"\)$/.exec(String(message));
  return opening ? PRIMARY_CODES[Number(opening[1]) & 0xff] : named;
}

// SQLITE_BUSY and its extended codes (SQLITE_BUSY_RECOVERY: another process is recovering the log).
const isBusy = (error: unknown) => errorCode(error)?.startsWith("SQLITE_BUSY") === true;

/**
 * Runs `attempt` until it does not fail with SQLITE_BUSY or `deadline` (a `performance.now()` time) has passed,
 * pausing between tries without blocking the event loop. SQLite's own busy_timeout sleeps inside the call: the
 * whole process would stop answering (health checks and reads too) while another process holds the lock.
 */
async function whenNotBusy<T>(attempt: () => T, deadline: number): Promise<T> {
  for (let pause = 1; ; pause = Math.min(pause * 2, BUSY_RETRY_MAX_MS)) {
    try {
      return attempt();
    } catch (error) {
      if (!isBusy(error) || performance.now() >= deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** SQLite's own statements of the store (the shared ones are in `sql-store.ts` and `sql-create-batch.ts`). */
const sql = {
  nextPetId: `SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'petstore_pets'), 0),
                     coalesce((SELECT max(id) FROM petstore_pets), 0)) + 1 AS next`,
};

/** Free pages given back to the file system per step of `reclaim` (4 KiB each). */
const RECLAIM_PAGES = 512;

/** SQLite result codes that say the file cannot be written right now, not that the query is wrong. */
const UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|PROTOCOL)/;

function toStoreError(error: unknown): unknown {
  const code = errorCode(error);
  if (code === undefined || !UNAVAILABLE.test(code)) return error;
  return new StoreUnavailableError(
    `[@petstore/server] the SQLite database cannot be used: ${(error as Error).message}`,
    {
      cause: error,
    },
  );
}

/** What to tell an operator when the database cannot be opened; `undefined` for errors that are bugs. */
function openFailure(file: string, error: unknown): string | undefined {
  const code = errorCode(error) ?? "";
  const reason = String((error as { message?: unknown } | null)?.message);
  if (code === "SQLITE_NOTADB")
    return `[@petstore/server] ${file} is not a SQLite database (${reason}). Move it away or point PETSTORE_DATA_DIR at another folder; nothing was changed.`;
  if (/^(SQLITE_FULL|ENOSPC$|EDQUOT$)/.test(code))
    return `[@petstore/server] the disk holding ${file} is full (${reason}). Free space on it, or point PETSTORE_DATA_DIR at another disk; nothing was changed.`;
  // EACCES and the like come from creating the folder.
  if (/^(SQLITE_(READONLY|CANTOPEN|PERM|AUTH)|EACCES$|EPERM$|EROFS$)/.test(code))
    return `[@petstore/server] cannot write ${file} (${reason}). Make its folder writable by this user, or point PETSTORE_DATA_DIR at a writable folder; nothing was changed.`;
  if (/^(SQLITE_IOERR|EIO$)/.test(code))
    return `[@petstore/server] the disk holding ${file} failed (${reason}). If it is full, free space on it; otherwise check the disk, or point PETSTORE_DATA_DIR at another one. Nothing was changed.`;
  return undefined;
}

/**
 * Makes what was committed to the WAL file durable, off the event loop: `fdatasync` in libuv's thread pool, while
 * the next transaction runs. A call made while a sync is under way waits for a new one started after it (one for
 * every caller that arrived meanwhile), since the running one may have begun before its commit was written.
 */
function walSyncer(walFile: string): { durable(): Promise<void>; close(): Promise<void> } {
  let handle: Promise<FileHandle> | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const sync = async () => {
    handle ??= open(walFile, "r");
    try {
      await (await handle).datasync();
    } catch (error) {
      throw new StoreUnavailableError(`[@petstore/server] could not make ${walFile} durable: ${String(error)}`, {
        cause: error,
      });
    }
  };
  const durable = (): Promise<void> => {
    if (!running) {
      running = sync().finally(() => {
        running = undefined;
      });
      return running;
    }
    const after = () => {
      next = undefined;
      return durable();
    };
    next ??= running.then(after, after);
    return next;
  };
  return {
    durable,
    async close() {
      await Promise.allSettled([running, next]);
      await (await handle?.catch(() => undefined))?.close();
    },
  };
}

/**
 * The engine half of the store on one SQLite connection (a file, or `:memory:`). With `walFile`, a transaction
 * resolves only once its commit is durable: the connection runs `synchronous=NORMAL` (a commit writes the WAL without
 * waiting for the disk) and the WAL is synced off the event loop (`walSyncer`), so requests and the next group of
 * creates go on while the disk writes. SQLite itself still syncs the WAL before a checkpoint copies it.
 */
function sqliteDriver(db: Database.Database, walFile?: string, checkpoints?: Checkpoints): SqlDriver {
  const wal = walFile === undefined ? undefined : walSyncer(walFile);
  const prepared = new Map<string, Database.Statement>();
  const statement = (sql: string) => {
    let found = prepared.get(sql);
    if (!found) prepared.set(sql, (found = db.prepare(sql)));
    return found;
  };
  // The parameters go to libsql as one array: spread, it copies them with flat() first (a tenth of a multi-row
  // insert's cost here).
  const all = <Row>(sql: string, params: readonly unknown[]) => statement(sql).all(params) as Row[];
  // libsql's get() skips the row iterator all() builds: about half the cost of a one-row statement here.
  const one = <Row>(sql: string, params: readonly unknown[]) => statement(sql).get(params) as Row | undefined;
  // Read on every cached GET: a raw statement answers an array, a third of all()'s cost for one value; and it runs
  // only when the WAL-index header says another connection may have committed (sqlite-revision.ts).
  const dataVersionStatement = db.prepare("PRAGMA data_version").raw();
  const dataVersion = walDataVersion(
    walFile === undefined ? undefined : `${walFile.slice(0, -"-wal".length)}-shm`,
    () => (dataVersionStatement.get() as [number])[0],
  );
  // Waiting for another process's lock happens in whenNotBusy, between event-loop turns, not inside SQLite.
  db.exec("PRAGMA busy_timeout = 0");
  // One transaction at a time on the connection; other processes' locks are waited for without blocking.
  let queue: Promise<unknown> = Promise.resolve();
  let writing = false;
  let commits = 0;
  const transaction: SqlDriver["transaction"] = (work) => {
    // The wait counts from the call: transactions queued behind one that waited in vain do not wait again as long.
    const deadline = performance.now() + BUSY_TIMEOUT_MS;
    const run = queue.then(async () => {
      await whenNotBusy(() => db.exec("BEGIN IMMEDIATE"), deadline);
      writing = true;
      try {
        const result = await work({
          query: async (sql, params) => all(sql, params),
          one: async (sql, params) => one(sql, params),
          run: async (sql, params) => statement(sql).run(params).changes,
        });
        db.exec("COMMIT");
        commits++;
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw error;
      } finally {
        writing = false;
      }
    });
    queue = run.catch(() => undefined);
    if (!wal) return run;
    // The write lock is free again at COMMIT; the caller hears back once the commit is on disk.
    return run.then(async (result) => {
      await wal.durable();
      return result;
    });
  };
  return {
    // A transaction never waits for I/O, but other requests' continuations run between its statements: on this
    // connection they would read its rows before they are committed (and durable), so they wait for the commit.
    // A read in WAL mode waits for no writer; it can meet a lock only briefly (another process recovering the log).
    query: async (sql, params) => {
      if (writing) await queue;
      return whenNotBusy(() => all(sql, params), performance.now() + BUSY_TIMEOUT_MS);
    },
    one: async (sql, params) => {
      if (writing) await queue;
      return whenNotBusy(() => one(sql, params), performance.now() + BUSY_TIMEOUT_MS);
    },
    transaction,
    // AUTOINCREMENT's own rule: past the largest id ever handed out (sqlite_sequence, which an insert with explicit
    // ids moves on too) and any id in the table. Other processes wait for the write lock this transaction holds.
    nextPetId: async (session) => (await session.one<{ next: number }>(sql.nextPetId, []))!.next,
    toTime: (ms) => ms,
    fromTime: (value) => Number(value),
    toStoreError,
    // Gives free pages back a few at a time (each step is its own short write), so a large sweep never holds the
    // event loop or the file's write lock for long.
    async reclaim() {
      const free = () => (statement("PRAGMA freelist_count").all() as { freelist_count: number }[])[0]!.freelist_count;
      // Stops when a step gives nothing back (a file made without auto_vacuum keeps its free pages for reuse).
      for (
        let left = free(), before = Number.POSITIVE_INFINITY;
        left > 0 && left < before;
        before = left, left = free()
      ) {
        await new Promise((resolve) => setImmediate(resolve));
        await transaction(async () => db.exec(`PRAGMA incremental_vacuum(${RECLAIM_PAGES})`));
      }
    },
    // Another process's commit changes data_version; our own commits are counted here.
    revision: () => commits * 2 ** 20 + dataVersion.read(),
    async close() {
      await queue;
      // The worker is stopped and the connection closed even if the log's last sync failed; a failure still rejects.
      try {
        await wal?.close();
      } finally {
        try {
          await checkpoints?.stop();
        } finally {
          dataVersion.close();
          db.close();
        }
      }
    },
  };
}

/** Applies the schema to an open connection, refusing a database written by a newer server. */
function prepareDatabase(db: Database.Database, file: string): void {
  const version = (db.prepare("PRAGMA user_version").all() as { user_version: number }[])[0]!.user_version;
  if (version > SCHEMA_VERSION)
    throw new Error(
      `[@petstore/server] ${file} has schema version ${version}, newer than this server's ${SCHEMA_VERSION}: a newer @petstore/server wrote it. Run that version, or point PETSTORE_DATA_DIR at another folder; nothing was changed.`,
    );
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // auto_vacuum must be set before the first table exists: it lets a sweep give deleted keys' pages back.
  db.exec("PRAGMA auto_vacuum = INCREMENTAL");
  if (file !== ":memory:") db.exec("PRAGMA journal_mode = WAL");
  // In WAL mode, FULL syncs the log at every commit, inside the call: the event loop would wait for the disk. A file
  // store syncs the log itself, off the event loop, before a transaction resolves (sqliteDriver); `:memory:` has none.
  db.exec(`PRAGMA synchronous = ${file === ":memory:" ? "FULL" : "NORMAL"}`);
  if (version < SCHEMA_VERSION) {
    db.exec("BEGIN IMMEDIATE");
    try {
      for (const sql of sqliteSchema) db.exec(sql);
      if (version === 1) for (const sql of fromVersion1) db.exec(sql);
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
      db.exec("COMMIT");
    } catch (error) {
      if (db.inTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }
}

/**
 * The embedded store: one SQLite file (WAL; every transaction durable when it resolves, see `sqliteDriver`), created
 * with its folder when missing. Several
 * server processes may share the file: writes take SQLite's lock in turn, ids come from AUTOINCREMENT (never
 * reused) and an idempotency key is a primary key, so no two pets share an id or a key. A data file of an earlier
 * version (`petstore.jsonl`) is imported on first start and kept, renamed. A file that is not a SQLite database,
 * one written by a newer server, a read-only folder or a full disk are refused with one line saying what to do.
 */
export async function createSqliteStore(path: string, options: SqliteStoreOptions = {}): Promise<SqlPetStore> {
  const file = resolve(path);
  const folder = dirname(file);
  const created = [file, `${file}-wal`, `${file}-shm`].filter((name) => !existsSync(name));
  let db: Database.Database | undefined;
  let checkpoints: Checkpoints | undefined;
  try {
    mkdirSync(folder, { recursive: true });
    db = new Database(file);
    prepareDatabase(db, file);
    const legacy = options.legacyFile ?? join(folder, "petstore.jsonl");
    const connection = db;
    // Checkpoints run in a worker thread once it has started; should it end, SQLite's own (inside a COMMIT) take
    // over again.
    checkpoints = startCheckpoints(file, {
      onExit: () => {
        if (connection.open) connection.exec("PRAGMA wal_autocheckpoint = 1000");
      },
    });
    checkpoints.ready.then(
      () => {
        if (connection.open) connection.exec("PRAGMA wal_autocheckpoint = 0");
      },
      () => undefined,
    );
    const driver = sqliteDriver(db, `${file}-wal`, checkpoints);
    if (existsSync(legacy)) {
      const notice = options.onNotice ?? ((message: string) => process.emitWarning(message));
      await importJsonLines(legacy, driver, notice);
    }
    return createSqlStore(driver, options);
  } catch (error) {
    // The start's own failure is the one thrown; a worker that would not stop is only told.
    await checkpoints?.stop().catch((stopError: unknown) => {
      (options.onNotice ?? ((message: string) => process.emitWarning(message)))(
        stopError instanceof Error ? stopError.message : String(stopError),
      );
    });
    try {
      db?.close();
    } catch {
      // Already closed, or never opened: nothing to release.
    }
    // A database this call created and could not finish is removed: a failed start changes nothing.
    for (const name of created) rmSync(name, { force: true });
    const failure = openFailure(file, error);
    // Anything else as it was thrown: a system error keeps its code for the start-up hints, a bug its stack.
    throw failure === undefined ? error : new Error(failure, { cause: error });
  }
}

/**
 * A store in SQLite `:memory:` (the same code as the file store, without a file): for tests and benchmarks.
 * Everything is lost when it is closed.
 */
export function createMemoryStore(options: SqlStoreOptions = {}): SqlPetStore {
  const db = new Database(":memory:");
  prepareDatabase(db, ":memory:");
  return createSqlStore(sqliteDriver(db), options);
}
