import pg from "pg";
import { StoreUnavailableError } from "./types";

/**
 * SQLSTATE classes that say the database cannot serve right now rather than that the query is wrong:
 * 08 connection exception, 40 transaction rollback (serialization failure, deadlock), 53 insufficient
 * resources (too many connections, disk full), 57 operator intervention (57P01 terminated by an
 * administrator, 57P03 starting up or shutting down), 58 system error.
 */
const UNAVAILABLE_CLASSES = new Set(["08", "40", "53", "57", "58"]);

/**
 * The error a store operation should throw for what pg threw: a `StoreUnavailableError` when the database is
 * unreachable or going away, the error itself when it is a bug (a wrong query, a TypeError) or a store rule.
 */
export function toStoreError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError || !isUnavailable(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`[@petstore/server] PostgreSQL is unavailable: ${reason}`, { cause: error });
}

function isUnavailable(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return UNAVAILABLE_CLASSES.has(String(error.code).slice(0, 2));
  if (
    !(error instanceof Error) ||
    error instanceof TypeError ||
    error instanceof RangeError ||
    error instanceof SyntaxError
  )
    return false;
  // Everything else pg throws comes from the connection, not the database: refused, reset, timed out,
  // "Connection terminated unexpectedly", a client "not queryable" after such an error.
  return error.name === "Error" || "syscall" in error;
}

/** PostgreSQL ended the transaction for meeting a concurrent one (40P01 deadlock, 40001 serialization failure). */
export function isTransactionConflict(error: unknown): boolean {
  return error instanceof pg.DatabaseError && (error.code === "40P01" || error.code === "40001");
}
