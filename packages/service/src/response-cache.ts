/** Characters of encoded answers kept at most: ample for every `limit` × `status` of ordinary pets. */
const CACHE_CHARS = 2 * 1024 * 1024;

/**
 * Encoded answers of read operations by request, all of one store revision. Reading and encoding 20 pets costs more
 * than the rest of a request, and the answer changes only when the store does, so a read-heavy load encodes each
 * request once per write. Bounded by characters, not entries; an older revision's answers are dropped as soon as a
 * newer one is stored, an answer larger than a quarter of the budget is never kept, the oldest go first.
 */
export class ResponseCache<T extends { body: string | null }> {
  readonly #entries = new Map<string, T>();
  #revision = Number.NEGATIVE_INFINITY;
  #chars = 0;

  constructor(private readonly maxChars = CACHE_CHARS) {}

  /** The answer stored for `key` at `revision`, or undefined. */
  get(key: string, revision: number): T | undefined {
    return revision === this.#revision ? this.#entries.get(key) : undefined;
  }

  /** Stores the answer for `key` as of `revision` (read before the store was, so it is never too new). */
  set(key: string, revision: number, answer: T): void {
    if (revision < this.#revision) return;
    if (revision > this.#revision) {
      this.#entries.clear();
      this.#chars = 0;
      this.#revision = revision;
    }
    const size = answer.body?.length ?? 0;
    if (size > this.maxChars / 4 || this.#entries.has(key)) return;
    for (const [oldest, entry] of this.#entries) {
      if (this.#chars + size <= this.maxChars) break;
      this.#entries.delete(oldest);
      this.#chars -= entry.body?.length ?? 0;
    }
    this.#entries.set(key, answer);
    this.#chars += size;
  }
}
