import type { NewPet, Pet } from "@petstore/contract";
import { IDEMPOTENCY_TTL_MS, IdempotencyConflictError, normalizePet } from "./pets";
import { fingerprintOf, type CreateResult, type ListQuery, type PetStore, type StoreOptions } from "./store";

/** An idempotency key as `MemoryStore.insert` takes it: the fingerprint is worked out from the pet when absent. */
export interface MemoryIdempotency {
  scope: string;
  key: string;
  fingerprint?: string;
}

/** Options of `createMemoryStore`. */
export interface MemoryStoreOptions extends StoreOptions {
  /** Pets the store starts with, and returns to on `reset()`; valid Pets with distinct ids. Defaults to none. */
  pets?: readonly Pet[];
}

/** No id is left for a new pet: the largest held is 2^53 − 1. */
export class PetIdsExhaustedError extends RangeError {
  constructor(
    /** The largest id held. */
    readonly largest: number,
  ) {
    super(
      `The store has no id left after ${largest} (2^53 − 1, the largest id a JavaScript number holds exactly): seed pets with smaller ids to create pets.`,
    );
    this.name = "PetIdsExhaustedError";
  }
}

/** A claimed idempotency key: the id of the pet it created, not the pet, as a SQL store's key row holds it. */
interface KeyEntry {
  fingerprint: string;
  createdAt: number;
  id: number;
}

/** Claims between two sweeps of expired idempotency keys: memory stays bounded by a day's traffic. */
const SWEEP_EVERY = 1000;

/**
 * Pets in memory, by id (a Map, so a lookup is one probe and iteration is ascending id order: ids only grow).
 * The next id is one more than the largest ever held, so an id is never given twice, even after its pet is gone.
 * Browser-safe: the mock runs on it, and the server uses it for `PETSTORE_STORE=memory` and tests. The synchronous
 * methods (`insert`, `find`, `select`, `all`, `reset`) are for the mock's `store`; the service uses `PetStore`'s.
 */
export class MemoryStore implements PetStore {
  readonly #seed: readonly Pet[];
  readonly #now: () => number;
  #pets = new Map<number, Pet>();
  #keys = new Map<string, KeyEntry>();
  #lastId = 0;
  #revision = 0;
  #claims = 0;

  constructor(options: MemoryStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#seed = [...(options.pets ?? [])].sort((a, b) => a.id - b.id).map((pet) => normalizePet(pet.id, pet));
    this.reset();
  }

  /** Back to the seed pets, with every idempotency key forgotten. */
  reset(): void {
    this.#pets = new Map(this.#seed.map((pet) => [pet.id, pet]));
    this.#keys = new Map();
    this.#lastId = this.#seed.at(-1)?.id ?? 0;
    this.#revision++;
  }

  /**
   * Adds a pet with the next id, or replays the pet first created under the same idempotency key as it is now. A key
   * whose pet is gone is no key (a SQL store deletes a pet's keys with it): the create adds a new pet under it.
   */
  insert(input: NewPet, idempotency?: MemoryIdempotency): CreateResult {
    let mapKey: string | undefined;
    let fingerprint = "";
    if (idempotency) {
      mapKey = `${idempotency.scope}\u0000${idempotency.key}`;
      fingerprint = idempotency.fingerprint ?? fingerprintOf(input);
      const earlier = this.#keys.get(mapKey);
      const pet = earlier && this.#now() - earlier.createdAt < IDEMPOTENCY_TTL_MS && this.#pets.get(earlier.id);
      if (pet) {
        if (earlier.fingerprint !== fingerprint) throw new IdempotencyConflictError(idempotency.key);
        return { pet, replayed: true };
      }
    }
    const id = this.#lastId + 1;
    // Past 2^53 - 1 a JavaScript number no longer holds the id exactly: two pets would share one.
    if (!Number.isSafeInteger(id)) throw new PetIdsExhaustedError(this.#lastId);
    const pet = normalizePet(id, input);
    this.#lastId = id;
    this.#pets.set(id, pet);
    this.#revision++;
    if (mapKey !== undefined) {
      if (++this.#claims >= SWEEP_EVERY) this.#sweep();
      this.#keys.set(mapKey, { fingerprint, createdAt: this.#now(), id });
    }
    return { pet, replayed: false };
  }

  /** The pet with this id, or undefined. */
  find(id: number): Pet | undefined {
    return this.#pets.get(id);
  }

  /** The first `limit` pets in ascending id order after the status filter. */
  select({ limit, status }: ListQuery): Pet[] {
    const result: Pet[] = [];
    if (limit <= 0) return result;
    for (const pet of this.#pets.values()) {
      if (status !== undefined && pet.status !== status) continue;
      result.push(pet);
      if (result.length === limit) break;
    }
    return result;
  }

  /** Every pet, in ascending id order. */
  all(): Pet[] {
    return [...this.#pets.values()];
  }

  async create(pet: NewPet, idempotency?: MemoryIdempotency & { fingerprint: string }): Promise<CreateResult> {
    return this.insert(pet, idempotency);
  }

  async get(id: number): Promise<Pet | undefined> {
    return this.find(id);
  }

  async list(query: ListQuery): Promise<Pet[]> {
    return this.select(query);
  }

  revision(): number {
    return this.#revision;
  }

  async close(): Promise<void> {}

  #sweep(): void {
    this.#claims = 0;
    const now = this.#now();
    for (const [key, entry] of this.#keys) if (now - entry.createdAt >= IDEMPOTENCY_TTL_MS) this.#keys.delete(key);
  }
}

/** A browser-safe in-memory PetStore, seeded with `options.pets`. Everything is lost when the process ends. */
export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  return new MemoryStore(options);
}
