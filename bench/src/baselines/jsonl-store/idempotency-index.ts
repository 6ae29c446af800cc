import type { Pet } from "@petstore/contract";
import { IDEMPOTENCY_TTL_MS, IdempotencyConflictError, type IdempotencyInput } from "./types";

interface Entry {
  fingerprint: string;
  createdAt: number;
  /** Settles when the first request's write is durable, so concurrent duplicates wait for it. */
  pet: Promise<Pet>;
}

/** In-process idempotency bookkeeping for the single-process stores (memory and file). */
export class IdempotencyIndex {
  readonly #entries = new Map<string, Entry>();
  #claimsSinceSweep = 0;

  constructor(private readonly now: () => number) {}

  /** The earlier pet for this key (waiting for it if its write is in flight), undefined if the key is new or expired. */
  lookup(input: IdempotencyInput): Promise<Pet> | undefined {
    const entry = this.#entries.get(mapKey(input));
    if (!entry || this.now() - entry.createdAt >= IDEMPOTENCY_TTL_MS) return undefined;
    if (entry.fingerprint !== input.fingerprint) throw new IdempotencyConflictError(input.key);
    return entry.pet;
  }

  /** Claims a key for a pet being written; forgets it again if the write fails. */
  claim(input: IdempotencyInput, pet: Promise<Pet>, createdAt = this.now()): void {
    const key = mapKey(input);
    if (++this.#claimsSinceSweep >= 1000) {
      this.#claimsSinceSweep = 0;
      this.sweep();
    }
    this.#entries.set(key, { fingerprint: input.fingerprint, createdAt, pet });
    pet.catch(() => {
      if (this.#entries.get(key)?.pet === pet) this.#entries.delete(key);
    });
  }

  /** Drops expired keys, so memory stays bounded by a day's traffic. */
  sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.#entries)
      if (now - entry.createdAt >= IDEMPOTENCY_TTL_MS) this.#entries.delete(key);
  }
}

function mapKey(input: IdempotencyInput): string {
  return `${input.scope}\u0000${input.key}`;
}
