// Baseline fixture (see README.md here): what the frozen store imported from the server's `store/types.ts`, now taken
// from @petstore/server so its errors are the ones the service core maps to 503 and 409.
import type { NewPet, Pet } from "@petstore/contract";

export { IDEMPOTENCY_TTL_MS, IdempotencyConflictError, StoreUnavailableError } from "@petstore/server";
export type { CreateResult, IdempotencyInput, ListQuery, PetStore, StoreOptions } from "@petstore/server";

/** The pet with `id`, its fields in contract order (the service core's rule). */
export function normalizePet(id: number, pet: NewPet): Pet {
  return pet.status === undefined ? { id, name: pet.name, categoryId: pet.categoryId } : { id, ...pet };
}
