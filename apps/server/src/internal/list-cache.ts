/** Bytes of encoded lists kept at most: ample for every `limit` × `status` of ordinary pets (a 20-pet page is ~1 KB). */
export const LIST_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * Encoded `GET /pets` answers by query, all of one store revision. Listing and encoding 20 pets costs more
 * than the rest of the request, and the answer only changes when a pet is added, so a read-heavy load encodes
 * each query once per write instead of once per request. Memory is bounded by bytes, not entries: pets may
 * have names of up to a mebibyte, so a count of entries would bound nothing. Answers of an older revision are
 * dropped as soon as a newer one is stored, an answer larger than a quarter of the budget is never kept, and
 * the oldest entries go first when the budget is full.
 */
export class ListCache {
  readonly #entries = new Map<string, Buffer>();
  #revision = -Infinity;
  #bytes = 0;

  constructor(private readonly maxBytes = LIST_CACHE_BYTES) {}

  /** Bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The body stored for `query` at `revision`, or undefined when there is none or it is from another revision. */
  get(query: string, revision: number): Buffer | undefined {
    return revision === this.#revision ? this.#entries.get(query) : undefined;
  }

  /** Stores the body for `query` as of `revision` (read before the list was taken, so it is never too new). */
  set(query: string, revision: number, body: Buffer): void {
    if (revision < this.#revision) return; // already stale: a pet was added while it was being listed
    if (revision > this.#revision) {
      this.#entries.clear();
      this.#bytes = 0;
      this.#revision = revision;
    }
    this.#delete(query);
    if (body.length > this.maxBytes / 4) return;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes + body.length <= this.maxBytes) break;
      this.#delete(oldest);
    }
    this.#entries.set(query, body);
    this.#bytes += body.length;
  }

  #delete(query: string): void {
    const body = this.#entries.get(query);
    if (body === undefined) return;
    this.#entries.delete(query);
    this.#bytes -= body.length;
  }
}
