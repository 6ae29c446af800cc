import type { Pet } from "@petstore/contract";
import type { ListQuery } from "./types";

/** Pets held in memory in ascending id order (ids only ever grow, so appends keep the order). */
export class PetIndex {
  readonly #ordered: Pet[] = [];
  readonly #byId = new Map<number, Pet>();
  #revision = 0;

  /** Changes whenever a pet is added, so a cached answer to `list` can tell it is stale. */
  get revision(): number {
    return this.#revision;
  }

  /** The largest id held, 0 when empty. */
  get lastId(): number {
    return this.#ordered.at(-1)?.id ?? 0;
  }

  /** Adds a pet whose id is larger than every id held. */
  add(pet: Pet): void {
    this.#ordered.push(pet);
    this.#byId.set(pet.id, pet);
    this.#revision++;
  }

  /** The pet with this id, or undefined. */
  get(id: number): Pet | undefined {
    return this.#byId.get(id);
  }

  /** The first `limit` pets after the status filter. */
  list({ limit, status }: ListQuery): Pet[] {
    if (status === undefined) return this.#ordered.slice(0, limit);
    const result: Pet[] = [];
    for (const pet of this.#ordered) {
      if (pet.status !== status) continue;
      result.push(pet);
      if (result.length === limit) break;
    }
    return result;
  }
}
