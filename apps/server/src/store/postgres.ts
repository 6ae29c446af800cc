import pg from "pg";
import { isTransactionConflict, toStoreError } from "./postgres-errors";
import { hasVersion1, schemaStatements } from "./postgres-schema";
import { fromVersion1 } from "./schema";
import { createReadiness } from "./readiness";
import { createSqlStore, type SqlDriver, type SqlPetStore, type SqlStoreOptions } from "./sql-store";
import { StoreUnavailableError } from "./types";

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
 * A store in PostgreSQL, for several server instances behind a load balancer: the shared SQL store (`sql-store.ts`)
 * on a connection pool. Ids come from an identity sequence and idempotency keys from a table with a primary key,
 * so two instances never create twice.
 * Creates the tables on first use. Losing the database never ends the process: while it is unreachable
 * every operation throws `StoreUnavailableError` (a 503) and `ready()` is false; the pool reconnects by
 * itself once it is back.
 */
export async function createPostgresStore(
  connectionString: string,
  options: SqlStoreOptions = {},
): Promise<SqlPetStore> {
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
    const { rows } = await setup.client.query<{ found: boolean }>(hasVersion1);
    if (rows[0]?.found) for (const statement of fromVersion1) await setup.client.query(statement);
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

  /** `?` placeholders of the shared statements as PostgreSQL's `$1, $2…`. */
  const numbered = new Map<string, string>();
  const text = (sql: string) => {
    let found = numbered.get(sql);
    if (found === undefined) {
      let n = 0;
      numbered.set(sql, (found = sql.replace(/\?/g, () => `$${++n}`)));
    }
    return found;
  };

  const driver: SqlDriver = {
    query: async <Row>(sql: string, params: readonly unknown[]) =>
      (await pool.query(text(sql), params as unknown[])).rows as Row[],
    one: async <Row>(sql: string, params: readonly unknown[]) =>
      (await pool.query(text(sql), params as unknown[])).rows[0] as Row | undefined,
    async transaction(work) {
      const { client: tx, release } = await checkout(pool);
      let broken = false;
      try {
        await tx.query("BEGIN");
        const result = await work({
          query: async <Row>(sql: string, params: readonly unknown[]) =>
            (await tx.query(text(sql), params as unknown[])).rows as Row[],
          one: async <Row>(sql: string, params: readonly unknown[]) =>
            (await tx.query(text(sql), params as unknown[])).rows[0] as Row | undefined,
          run: async (sql: string, params: readonly unknown[]) =>
            (await tx.query(text(sql), params as unknown[])).rowCount ?? 0,
        });
        await tx.query("COMMIT");
        return result;
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
    },
    toTime: (ms) => new Date(ms),
    fromTime: (value) => (value as Date).getTime(),
    toStoreError,
    isTransactionConflict,
    ready: createReadiness(() => pool.query("SELECT 1")),
    async close() {
      await pool.end();
    },
  };
  return createSqlStore(driver, options);
}
