import type { NewPet } from "@petstore/contract";
import { IdempotencyIndex } from "./idempotency-index";
import { PetIndex } from "./pet-index";
import { normalizePet, type CreateResult, type IdempotencyInput, type PetStore, type StoreOptions } from "./types";

/** A store that keeps pets in memory only: for tests and benchmarks. Everything is lost when the process ends. */
export function createMemoryStore(options: StoreOptions = {}): PetStore {
  const pets = new PetIndex();
  const keys = new IdempotencyIndex(options.now ?? Date.now);
  let closed = false;
  return {
    async create(input: NewPet, idempotency?: IdempotencyInput): Promise<CreateResult> {
      if (closed) throw new Error("[@petstore/server] the memory store is closed");
      if (idempotency) {
        const earlier = keys.lookup(idempotency);
        if (earlier) return { pet: await earlier, replayed: true };
      }
      const pet = normalizePet(pets.lastId + 1, input);
      pets.add(pet);
      if (idempotency) keys.claim(idempotency, Promise.resolve(pet));
      return { pet, replayed: false };
    },
    async get(id) {
      return pets.get(id);
    },
    async list(query) {
      return pets.list(query);
    },
    revision: () => pets.revision,
    async close() {
      closed = true;
    },
  };
}
