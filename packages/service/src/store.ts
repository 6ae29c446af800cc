import type { NewPet, Pet, PetStatus } from "@petstore/contract";
import { pickNewPet } from "./pets";

/** An `Idempotency-Key` as the store sees it. */
export interface IdempotencyInput {
  /** Who owns the key (a name for the API key): two API keys never share idempotency keys. */
  scope: string;
  /** The client's `Idempotency-Key`. */
  key: string;
  /** The request body's fingerprint (`fingerprintOf`): the same key with another fingerprint is a conflict. */
  fingerprint: string;
}

/** What `create` did. */
export interface CreateResult {
  pet: Pet;
  /** True when the pet was created earlier under the same idempotency key and is being replayed. */
  replayed: boolean;
}

/** Query of `list`. */
export interface ListQuery {
  limit: number;
  status?: PetStatus;
}

/** Where pets live: the one interface every operation runs over (memory, SQLite, PostgreSQL). */
export interface PetStore {
  /**
   * Adds a pet and resolves only once the write is durable. Throws IdempotencyConflictError on a key reused with another
   * body. A replay answers the pet as it is now; a key whose pet is gone is no key: the create adds a new pet under it.
   */
  create(pet: NewPet, idempotency?: IdempotencyInput): Promise<CreateResult>;
  /** The pet with this id, or undefined. */
  get(id: number): Promise<Pet | undefined>;
  /** The first `limit` pets in ascending id order, after the status filter. */
  list(query: ListQuery): Promise<Pet[]>;
  /**
   * A number that changes whenever what the store returns may have changed, letting the service reuse an encoded
   * answer until then. Stores that other processes write to leave it out: nothing is cached.
   */
  revision?(): number;
  /**
   * Resolves true when the store can serve requests right now (`GET /readyz`). Never rejects. Stores that
   * cannot become unusable leave it out: they are always ready.
   */
  ready?(): Promise<boolean>;
  /** Releases files and connections. */
  close(): Promise<void>;
}

/** Options every store takes. */
export interface StoreOptions {
  /** Clock for idempotency expiry, in ms since the epoch. Defaults to `Date.now`. */
  now?: () => number;
}

/**
 * The store cannot be reached or written right now (PostgreSQL down or restarting, a full disk): the request
 * gets a 503 with `Retry-After`, never a 500, and the same request can succeed later.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}

/**
 * The one fingerprint of a create request's body: the NewPet fields in the contract's order as JSON, so two bodies
 * that store the same pet (key order, unknown fields, `id`) share it. Exact (no hash to collide) and short: every
 * field is bounded by the contract.
 */
export function fingerprintOf(pet: NewPet): string {
  return JSON.stringify(pickNewPet(pet as unknown as Record<string, unknown>));
}
