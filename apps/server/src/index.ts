export { startServer, generateApiKey } from "./server";
export { createMemoryStore } from "./store/memory";
export { createFileStore } from "./store/file";
export { createPostgresStore } from "./store/postgres";
export { IdempotencyConflictError, IDEMPOTENCY_TTL_MS, StoreUnavailableError } from "./store/types";

export type { LogLevel, RunningServer, ServerOptions } from "./options";
export type { FileStoreOptions } from "./store/file";
export type { CreateResult, IdempotencyInput, ListQuery, PetStore, StoreOptions } from "./store/types";
