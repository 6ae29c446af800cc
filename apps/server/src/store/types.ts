import type { NewPet, Pet, PetStatus } from "@petstore/contract";

/** How long an idempotency key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** An `Idempotency-Key` as the store sees it. */
export interface IdempotencyInput {
  /** Who owns the key (a digest of the API key): two API keys never share idempotency keys. */
  scope: string;
  /** The client's `Idempotency-Key`. */
  key: string;
  /** A digest of the request body: the same key with a different fingerprint is a conflict. */
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

/** Where pets live. Every implementation passes the shared suite in test/storage. */
export interface PetStore {
  /** Adds a pet and resolves only once the write is durable. Throws IdempotencyConflictError on a key reused with another body. */
  create(pet: NewPet, idempotency?: IdempotencyInput): Promise<CreateResult>;
  /** The pet with this id, or undefined. */
  get(id: number): Promise<Pet | undefined>;
  /** The first `limit` pets in ascending id order, after the status filter. */
  list(query: ListQuery): Promise<Pet[]>;
  /**
   * A number that changes whenever what `list` returns may have changed, letting the server reuse an
   * encoded list until then. Stores that other processes write to leave it out: nothing is cached.
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

// The pet shape and the idempotency conflict are the service's rules, shared with the mock.
export { IdempotencyConflictError, normalizePet } from "@petstore/service-rules";
