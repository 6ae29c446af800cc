// The store interface is the service core's (packages/service): every operation runs over it, on the server and in the
// mock. Re-exported here so the server's stores import it from their own folder.
export {
  IDEMPOTENCY_TTL_MS,
  IdempotencyConflictError,
  normalizePet,
  StoreUnavailableError,
} from "@petstore/service";
export type { CreateResult, IdempotencyInput, ListQuery, PetStore, StoreOptions } from "@petstore/service";
