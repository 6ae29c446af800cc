import { componentSchemas, type NewPet, type Pet } from "@petstore/contract";
import { messages } from "./messages";

const newPetFields = Object.keys((componentSchemas.NewPet?.properties ?? {}) as Record<string, unknown>);

/** Only the fields NewPet names, in its order: `id` and unknown fields are dropped, never stored. */
export function pickNewPet(body: Record<string, unknown>): NewPet {
  const pet: Record<string, unknown> = {};
  for (const field of newPetFields) if (body[field] !== undefined) pet[field] = body[field];
  return pet as unknown as NewPet;
}

/**
 * A pet with its fields in contract order and no `status` key when it has none (`undefined`, or `null` from a
 * database column), so replays serialize byte-identically.
 */
export function normalizePet(id: number, pet: NewPet): Pet {
  return pet.status === undefined || pet.status === null
    ? { id, name: pet.name, categoryId: pet.categoryId }
    : { id, name: pet.name, categoryId: pet.categoryId, status: pet.status };
}

/** How long an idempotency key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The same idempotency key was sent with a different body: a 400. */
export class IdempotencyConflictError extends Error {
  constructor(key: string) {
    super(messages.idempotencyConflict(key));
    this.name = "IdempotencyConflictError";
  }
}
