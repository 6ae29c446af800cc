import type { NewPet } from "@petstore/contract";
import { createBatch, toPet, type BatchOutcome, type PetRow } from "./sql-create-batch";
import { IDEMPOTENCY_TTL_MS, type CreateResult, type IdempotencyInput, type PetStore } from "./types";

/** The statements of one transaction, run on one connection. */
export interface SqlSession {
  query<Row>(sql: string, params: readonly unknown[]): Promise<Row[]>;
  /** The first row only, for statements of at most one (SQLite's driver then skips building a list). */
  one<Row>(sql: string, params: readonly unknown[]): Promise<Row | undefined>;
  /** Runs a statement that answers no rows; resolves to how many rows it inserted, updated or deleted. */
  run(sql: string, params: readonly unknown[]): Promise<number>;
}

/** What differs between SQLite and PostgreSQL below the shared SQL: connections, transactions, time, errors. */
export interface SqlDriver {
  /** A query outside any transaction. */
  query<Row>(sql: string, params: readonly unknown[]): Promise<Row[]>;
  /** The first row of a query outside any transaction. */
  one<Row>(sql: string, params: readonly unknown[]): Promise<Row | undefined>;
  /** Runs `work` in one write transaction that is durable when the promise resolves. */
  transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** The engine's value for a point in time (ms since the epoch) and back. */
  toTime(ms: number): unknown;
  fromTime(value: unknown): number;
  /** The error a store operation should throw for what the engine threw (a 503 when it cannot serve right now). */
  toStoreError(error: unknown): unknown;
  /**
   * Whether a transaction failed only because it met a concurrent one (PostgreSQL's deadlock or serialization
   * failure): run again from the start, it can succeed.
   */
  isTransactionConflict?(error: unknown): boolean;
  /**
   * The id the next new pet gets, read in an open write transaction, for an engine where no one else can insert
   * before it commits (SQLite: it holds the file's write lock). Creates then insert their pets with ids from it on,
   * and the insert answers nothing back.
   */
  nextPetId?(session: SqlSession): Promise<number>;
  /** Called after a sweep deleted rows, to give their space back (SQLite's incremental vacuum). */
  reclaim?(): Promise<void>;
  revision?(): number;
  ready?(): Promise<boolean>;
  close(): Promise<void>;
}

/** Options of the shared SQL store. */
export interface SqlStoreOptions {
  /** Clock for idempotency expiry, in ms since the epoch. Defaults to `Date.now`. */
  now?: () => number;
  /** How often expired idempotency keys are deleted, in ms (they also are at start). Defaults to 3600000 (1 hour). */
  sweepIntervalMs?: number;
}

/** A `PetStore` on SQL, with what operators and tests need beyond the interface. */
export interface SqlPetStore extends PetStore {
  /** Deletes every expired idempotency key now and gives their space back (it also runs at start and hourly). */
  sweep(): Promise<void>;
}

/**
 * The SQL of the store, once for SQLite and PostgreSQL: `?` placeholders (the PostgreSQL driver numbers them `$1,
 * $2…`) and only what both engines mean alike. The tables are in `schema.ts`. A new store method writes its SQL here.
 */
const sql = {
  getPet: "SELECT id, name_json, category_id, status FROM petstore_pets WHERE id = ?",
  listPets: "SELECT id, name_json, category_id, status FROM petstore_pets ORDER BY id LIMIT ?",
  listPetsByStatus: "SELECT id, name_json, category_id, status FROM petstore_pets WHERE status = ? ORDER BY id LIMIT ?",
  addScope: "INSERT INTO petstore_key_scopes (scope) VALUES (?) ON CONFLICT DO NOTHING",
  findScope: "SELECT id FROM petstore_key_scopes WHERE scope = ?",
  // The oldest expired keys, through the expiry index, a batch at a time.
  sweepKeys: `DELETE FROM petstore_keys WHERE (scope_id, key) IN (
                SELECT scope_id, key FROM petstore_keys WHERE created_at <= ? ORDER BY created_at LIMIT ?)
              RETURNING pet_id`,
} as const;

/** Times a batch's transaction runs when the database ends it for meeting a concurrent one. */
const BATCH_ATTEMPTS = 3;

/** Expired keys deleted per transaction of a sweep: each is short, and other work runs between them. */
const SWEEP_BATCH = 1_000;

interface PendingCreate {
  input: NewPet;
  idempotency: IdempotencyInput | undefined;
  resolve(result: CreateResult): void;
  reject(error: unknown): void;
}

/**
 * The one store over SQLite and PostgreSQL. Creates that arrive in the same event-loop turn share one transaction,
 * so one sync makes all of them durable (group commit), and each is answered only after that commit; the batch costs
 * a few multi-row statements, not a few per create (`sql-create-batch.ts`). An idempotency key is claimed after its
 * pet is inserted: when another instance claimed it first, the pet is deleted again in the same transaction (its id
 * is never reused) and the other pet is replayed.
 * Expired keys are deleted at start (in the background) and every `sweepIntervalMs`.
 */
export function createSqlStore(driver: SqlDriver, options: SqlStoreOptions = {}): SqlPetStore {
  const now = options.now ?? Date.now;
  let pending: PendingCreate[] = [];
  let closed = false;

  /** Scope ids by scope, once committed (a scope row is never deleted, so its id stays right). */
  const scopeIds = new Map<string, number>();

  /** The id of `scope`, added when new; `learned` holds the ids this transaction found, for after its commit. */
  async function scopeId(session: SqlSession, scope: string, learned: Map<string, number>): Promise<number> {
    const known = scopeIds.get(scope) ?? learned.get(scope);
    if (known !== undefined) return known;
    await session.one(sql.addScope, [scope]);
    const row = await session.one<{ id: number | string }>(sql.findScope, [scope]);
    const id = Number(row!.id);
    learned.set(scope, id);
    return id;
  }

  /** Commits every create queued in this turn in one transaction, then answers each. */
  async function flush(batch: PendingCreate[]): Promise<void> {
    // One lock order on every instance (by key) keeps two PostgreSQL batches from deadlocking on each other's keys.
    const ranked = batch.map((create) => ({
      create,
      rank: create.idempotency ? `0${create.idempotency.scope}\u0000${create.idempotency.key}` : "1",
    }));
    ranked.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
    const ordered = ranked.map(({ create }) => create);
    let outcomes: BatchOutcome[];
    let learned: Map<string, number>;
    for (let attempt = 1; ; attempt++) {
      learned = new Map<string, number>();
      try {
        // A rule (a key reused with another body) fails that create alone; anything thrown fails the batch.
        outcomes = await driver.transaction((session) =>
          createBatch(session, ordered, {
            now: now(),
            toTime: (ms) => driver.toTime(ms),
            fromTime: (value) => driver.fromTime(value),
            scopeId: (scope) => scopeId(session, scope, learned),
            ...(driver.nextPetId ? { nextPetId: () => driver.nextPetId!(session) } : {}),
          }),
        );
        break;
      } catch (error) {
        // The sweep deletes expired keys oldest first while a batch takes them over in key order: PostgreSQL may
        // end one of them to break the deadlock. Nothing of it was committed, so the batch runs again.
        if (attempt < BATCH_ATTEMPTS && driver.isTransactionConflict?.(error)) continue;
        const failure = driver.toStoreError(error);
        for (const create of ordered) create.reject(failure);
        return;
      }
    }
    for (const [scope, id] of learned) scopeIds.set(scope, id);
    ordered.forEach((create, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) create.resolve(outcome.result);
      else create.reject(outcome.error);
    });
  }

  const guarded = <T>(operation: () => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new Error("[@petstore/server] the store is closed"));
    return operation().catch((error: unknown) => {
      throw driver.toStoreError(error);
    });
  };

  /** Deletes the expired keys a batch per transaction, letting requests run between batches, then reclaims. */
  async function sweep(): Promise<void> {
    const cutoff = driver.toTime(now() - IDEMPOTENCY_TTL_MS);
    for (;;) {
      const deleted = await driver.transaction((session) => session.query(sql.sweepKeys, [cutoff, SWEEP_BATCH]));
      if (deleted.length < SWEEP_BATCH || closed) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (!closed) await driver.reclaim?.();
  }

  // At start, then periodically: a store that restarts often still forgets its expired keys.
  sweep().catch(() => undefined);
  const interval = options.sweepIntervalMs ?? 60 * 60 * 1000;
  const sweeper = setInterval(() => {
    // A failed sweep (a database outage) is retried at the next interval; the keys only expire meanwhile.
    sweep().catch(() => undefined);
  }, interval);
  sweeper.unref();

  return {
    create(input, idempotency) {
      if (closed) return Promise.reject(new Error("[@petstore/server] the store is closed"));
      return new Promise<CreateResult>((resolve, reject) => {
        pending.push({ input, idempotency, resolve, reject });
        if (pending.length === 1) {
          setImmediate(() => {
            const batch = pending;
            pending = [];
            void flush(batch);
          });
        }
      });
    },
    get: (id) =>
      guarded(async () => {
        const row = await driver.one<PetRow>(sql.getPet, [id]);
        return row ? toPet(row) : undefined;
      }),
    list: ({ limit, status }) =>
      guarded(async () => {
        const rows =
          status === undefined
            ? await driver.query<PetRow>(sql.listPets, [limit])
            : await driver.query<PetRow>(sql.listPetsByStatus, [status, limit]);
        return rows.map(toPet);
      }),
    sweep: () => guarded(sweep),
    ...(driver.revision ? { revision: driver.revision } : {}),
    ...(driver.ready ? { ready: driver.ready } : {}),
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweeper);
      await driver.close();
    },
  };
}
