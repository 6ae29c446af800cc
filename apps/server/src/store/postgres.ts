import type { NewPet, Pet, PetStatus } from "@petstore/contract";
import pg from "pg";
import { toStoreError } from "./postgres-errors";
import { schemaStatements } from "./postgres-schema";
import { createReadiness } from "./readiness";
import {
  IDEMPOTENCY_TTL_MS,
  IdempotencyConflictError,
  normalizePet,
  type CreateResult,
  type IdempotencyInput,
  type PetStore,
  type StoreOptions,
  StoreUnavailableError,
} from "./types";

interface PetRow {
  id: string;
  name_json: string;
  category_id: string;
  status: PetStatus | null;
}

const COLUMNS = "id, name_json, category_id, status";

function toPet(row: PetRow): Pet {
  return normalizePet(Number(row.id), {
    name: JSON.parse(row.name_json) as string,
    categoryId: Number(row.category_id),
    ...(row.status === null ? {} : { status: row.status }),
  });
}

/** A client checked out of the pool, and how to give it back. */
interface Checkout {
  client: pg.PoolClient;
  /** Returns the client; with `broken`, it is closed rather than reused. */
  release(broken: boolean): void;
}

/**
 * Checks a client out with an `error` listener for as long as it is out: when PostgreSQL drops the
 * connection (a terminated backend, a restart), the client emits `error`, and an emitter without a
 * listener would end the process. The query in flight rejects on its own; the listener only marks the
 * client so that it is closed instead of going back to the pool.
 */
async function checkout(pool: pg.Pool): Promise<Checkout> {
  const client = await pool.connect();
  let lost = false;
  const onError = () => {
    lost = true;
  };
  client.on("error", onError);
  return {
    client,
    release(broken) {
      client.off("error", onError);
      client.release(broken || lost);
    },
  };
}

/**
 * A store in PostgreSQL, for several server instances behind a load balancer: ids come from an identity
 * sequence and idempotency keys from a table with a primary key, so two instances never create twice.
 * Creates the tables on first use. Losing the database never ends the process: while it is unreachable
 * every operation throws `StoreUnavailableError` (a 503) and `ready()` is false; the pool reconnects by
 * itself once it is back.
 */
export async function createPostgresStore(connectionString: string, options: StoreOptions = {}): Promise<PetStore> {
  const now = options.now ?? Date.now;
  // Bounded waits: a database that stops answering gives 503s after seconds, not requests that hang.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    query_timeout: 10_000,
    keepAlive: true,
  });
  pool.on("error", () => {
    // An idle client lost its connection: the pool drops it and opens a new one when needed.
  });
  // A lost connection can emit `error` more than once (the socket error, then PostgreSQL's own "terminating
  // connection"), also at moments when neither the pool nor a checkout listens; an `error` event without a
  // listener ends the process. The query in flight rejects on its own and the pool never reuses a broken client.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const setup = await checkout(pool).catch((error: Error) => {
    void pool.end();
    throw new Error(
      `[@petstore/server] cannot connect to PostgreSQL at DATABASE_URL: ${error.message}. Check that it runs and that DATABASE_URL is right.`,
    );
  });
  let failed = false;
  try {
    await setup.client.query("BEGIN");
    for (const statement of schemaStatements) await setup.client.query(statement);
    await setup.client.query("COMMIT");
  } catch (error) {
    failed = true;
    await setup.client.query("ROLLBACK").catch(() => undefined);
    void pool.end();
    const reason = (error as Error).message;
    // A connection lost during setup (PostgreSQL restarting) is not a missing right: say which it was.
    throw new Error(
      toStoreError(error) instanceof StoreUnavailableError
        ? `[@petstore/server] lost the connection to PostgreSQL at DATABASE_URL while creating the petstore tables: ${reason}. Start the server again once PostgreSQL is back.`
        : `[@petstore/server] cannot create the petstore tables in the DATABASE_URL database: ${reason}. ` +
            "Give its user the right to create tables there, or create them as an administrator.",
    );
  } finally {
    setup.release(failed);
  }

  type EarlierRow = PetRow & { fingerprint: string; created_at: Date };

  /** The pet an unexpired key was used for: a replay, or a conflict when the body differs. */
  async function findEarlier(
    queryable: pg.Pool | pg.PoolClient,
    idempotency: IdempotencyInput,
  ): Promise<CreateResult | undefined> {
    const earlier = await queryable.query<EarlierRow>(
      `SELECT p.id, p.name_json, p.category_id, p.status, k.fingerprint, k.created_at
         FROM petstore_idempotency_keys k JOIN petstore_pets p ON p.id = k.pet_id
        WHERE k.scope = $1 AND k.key = $2`,
      [idempotency.scope, idempotency.key],
    );
    const row = earlier.rows[0];
    if (!row || now() - row.created_at.getTime() >= IDEMPOTENCY_TTL_MS) return undefined;
    if (row.fingerprint !== idempotency.fingerprint) throw new IdempotencyConflictError(idempotency.key);
    return { pet: toPet(row), replayed: true };
  }

  /** One attempt to create under a key; "retry" when another transaction held an expired copy of the key. */
  async function createWithKey(input: NewPet, idempotency: IdempotencyInput): Promise<CreateResult | "retry"> {
    const earlier = await findEarlier(pool, idempotency);
    if (earlier) return earlier;
    const { client: tx, release } = await checkout(pool);
    let broken = false;
    try {
      await tx.query("BEGIN");
      await tx.query("DELETE FROM petstore_idempotency_keys WHERE scope = $1 AND key = $2 AND created_at <= $3", [
        idempotency.scope,
        idempotency.key,
        new Date(now() - IDEMPOTENCY_TTL_MS),
      ]);
      const inserted = await tx.query<PetRow>(
        `INSERT INTO petstore_pets (name_json, category_id, status) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
        [JSON.stringify(input.name), input.categoryId, input.status ?? null],
      );
      // A concurrent insert of the same key (on any instance) makes this wait for that transaction, then do nothing.
      const claimed = await tx.query(
        `INSERT INTO petstore_idempotency_keys (scope, key, fingerprint, pet_id, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING pet_id`,
        [idempotency.scope, idempotency.key, idempotency.fingerprint, inserted.rows[0]!.id, new Date(now())],
      );
      if (claimed.rowCount === 1) {
        await tx.query("COMMIT");
        return { pet: toPet(inserted.rows[0]!), replayed: false };
      }
      await tx.query("ROLLBACK");
      return (await findEarlier(tx, idempotency)) ?? "retry";
    } catch (error) {
      // A connection that failed mid-transaction is closed, not reused; a healthy one is rolled back.
      broken =
        !(error instanceof pg.DatabaseError) ||
        (await tx.query("ROLLBACK").then(
          () => false,
          () => true,
        ));
      throw error;
    } finally {
      release(broken);
    }
  }

  async function create(input: NewPet, idempotency?: IdempotencyInput): Promise<CreateResult> {
    if (!idempotency) {
      const result = await pool.query<PetRow>(
        `INSERT INTO petstore_pets (name_json, category_id, status) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
        [JSON.stringify(input.name), input.categoryId, input.status ?? null],
      );
      return { pet: toPet(result.rows[0]!), replayed: false };
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await createWithKey(input, idempotency);
      if (result !== "retry") return result;
    }
    throw new Error("[@petstore/server] could not claim the idempotency key after 3 attempts");
  }

  /** Runs an operation, turning a lost or refused connection into `StoreUnavailableError`. */
  const guarded = <T>(operation: Promise<T>): Promise<T> =>
    operation.catch((error: unknown) => {
      throw toStoreError(error);
    });

  return {
    create: (input, idempotency) => guarded(create(input, idempotency)),
    get: (id) =>
      guarded(
        pool
          .query<PetRow>(`SELECT ${COLUMNS} FROM petstore_pets WHERE id = $1`, [id])
          .then((result) => (result.rows[0] ? toPet(result.rows[0]) : undefined)),
      ),
    list: ({ limit, status }) =>
      guarded(
        (status === undefined
          ? pool.query<PetRow>(`SELECT ${COLUMNS} FROM petstore_pets ORDER BY id LIMIT $1`, [limit])
          : pool.query<PetRow>(`SELECT ${COLUMNS} FROM petstore_pets WHERE status = $1 ORDER BY id LIMIT $2`, [
              status,
              limit,
            ])
        ).then((result) => result.rows.map(toPet)),
      ),
    ready: createReadiness(() => pool.query("SELECT 1")),
    async close() {
      await pool.end();
    },
  };
}
