/** How many encoded lists are kept: enough for every `limit` × `status` a busy client mix asks for. */
export const LIST_CACHE_SIZE = 64;

/**
 * Encoded `GET /pets` answers by query, each valid for one store revision. Listing and encoding 20 pets
 * costs more than the rest of the request, and the answer only changes when a pet is added, so a read-heavy
 * load encodes each query once per write instead of once per request. Oldest entries are dropped first.
 */
export class ListCache {
  readonly #entries = new Map<string, { revision: number; body: Buffer }>();

  /** The body stored for `query` at `revision`, or undefined when there is none or it is from another revision. */
  get(query: string, revision: number): Buffer | undefined {
    const entry = this.#entries.get(query);
    return entry !== undefined && entry.revision === revision ? entry.body : undefined;
  }

  /** Stores the body for `query` as of `revision` (read before the list was taken, so it is never too new). */
  set(query: string, revision: number, body: Buffer): void {
    if (!this.#entries.has(query) && this.#entries.size >= LIST_CACHE_SIZE) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(query, { revision, body });
  }
}
