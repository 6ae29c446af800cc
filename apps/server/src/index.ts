export { startServer, generateApiKey } from "./server";
export { createMemoryStore, createSqliteStore } from "./store/sqlite";
export { createPostgresStore } from "./store/postgres";
export { IdempotencyConflictError, IDEMPOTENCY_TTL_MS, StoreUnavailableError } from "./store/types";

export type { LogLevel, RunningServer, ServerOptions } from "./options";
export type { SqlPetStore, SqlStoreOptions } from "./store/sql-store";
export type { SqliteStoreOptions } from "./store/sqlite";
export type { CreateResult, IdempotencyInput, ListQuery, PetStore, StoreOptions } from "./store/types";
