import type { NewPet, Pet, PetStatus } from "@petstore/contract";
import {
  createMemoryStore,
  IdempotencyConflictError as ServiceIdempotencyConflictError,
  PetIdsExhaustedError,
  type MemoryStore,
} from "@petstore/service";
import { validatorFor, describeErrors } from "./internal/ajv";
import { checkOptionsObject, describeValue } from "./internal/check";
import { componentSchema, operationById } from "./internal/contract";

/** What `create` did. */
export interface CreateResult {
  pet: Pet;
  /** True when the pet was created earlier under the same idempotency key and is being replayed. */
  replayed: boolean;
}

/** An `Idempotency-Key` as the store sees it. */
export interface IdempotencyInput {
  /** Who owns the key (the API key): two API keys never share idempotency keys. */
  scope: string;
  /** The client's `Idempotency-Key`. */
  key: string;
}

/** The in-memory state of one handler set. */
export interface PetstoreMockStore {
  /** Every pet, in ascending id order (copies: changing them does not change the store). */
  all(): Pet[];
  /**
   * The first `limit` pets in ascending id order after the status filter, as `GET /pets` answers; `limit` has the
   * contract's bounds and default (1–100, default 20 today).
   */
  list(query?: { limit?: number; status?: PetStatus }): Pet[];
  /** The pet with this id, or undefined. */
  get(id: number): Pet | undefined;
  /**
   * Adds a pet with the next id, as `POST /pets` does: one more than the largest id the store has held since its seed
   * (or last `reset()`), so an id is never given twice, even after its pet is gone. Throws a TypeError for a pet
   * `POST /pets` would refuse, and IdempotencyConflictError for a key reused with another pet.
   */
  create(pet: NewPet, idempotency?: IdempotencyInput): CreateResult;
  /** Back to the seed pets, with every idempotency key forgotten. */
  reset(): void;
}

// One class for the service and the mock: `instanceof` holds whichever raised it.
/**
 * Thrown by `create` for an idempotency key reused with another pet. It is the service's own class, so `instanceof`
 * holds; its type is spelt as a constructor of `Error` because the service package is private and a published
 * declaration file must not name it.
 */
export const IdempotencyConflictError: new (key: string) => Error = ServiceIdempotencyConflictError;
export type IdempotencyConflictError = Error;

/**
 * Checks seed pets against the contract's Pet schema and for duplicate ids, with a message that names the culprit. The
 * core's store copies, sorts and normalizes them.
 */
function checkSeed(seed: readonly Pet[]): readonly Pet[] {
  if (!Array.isArray(seed))
    throw new TypeError(
      `[@petstore/mock] the \`pets\` option must be an array of Pet objects, got ${describeValue(seed)}`,
    );
  const validate = validatorFor(componentSchema("Pet"));
  const ids = new Set<number>();
  for (const [index, pet] of seed.entries()) {
    if (!validate(pet as unknown))
      throw new TypeError(`[@petstore/mock] pets[${index}] is not a valid Pet: ${describeErrors(validate)}`);
    if (ids.has(pet.id))
      throw new TypeError(`[@petstore/mock] pets[${index}] repeats id ${pet.id}: every seed pet needs its own id`);
    ids.add(pet.id);
  }
  return seed;
}

const statuses = componentSchema("PetStatus").enum as readonly PetStatus[];

/** Checks `create`'s input as `POST /pets` validates its body, so the store never holds a pet the contract forbids. */
function checkNewPet(input: NewPet): void {
  const validate = validatorFor(componentSchema("NewPet"));
  const problem =
    typeof input !== "object" || input === null
      ? `got ${describeValue(input)}`
      : validate(input as unknown)
        ? undefined
        : describeErrors(validate);
  if (problem !== undefined)
    throw new TypeError(
      `[@petstore/mock] store.create needs a NewPet such as { name: "Rex", categoryId: 1 }: ${problem}`,
    );
}

let limitBounds: { min: number; max: number; default: number } | undefined;

/** The bounds and default of `GET /pets`'s `limit`, read from the contract's operation table once, when first needed. */
function listLimit(): { min: number; max: number; default: number } {
  if (limitBounds) return limitBounds;
  const operation = operationById("listPets");
  const schema = operation.parameters.find((param) => param.in === "query" && param.name === "limit")?.schema;
  const {
    minimum,
    maximum,
    default: fallback,
  } = (schema ?? {}) as { minimum?: number; maximum?: number; default?: number };
  if (minimum === undefined || maximum === undefined || fallback === undefined)
    throw new Error(
      `[@petstore/mock] the contract's ${operation.method} ${operation.path} needs a query parameter limit with a minimum, a maximum and a default`,
    );
  limitBounds = { min: minimum, max: maximum, default: fallback };
  return limitBounds;
}

/** Checks `list`'s query as `GET /pets` validates it. */
function checkQuery(query: { limit?: number; status?: PetStatus }, bounds: { min: number; max: number }): void {
  if (typeof query !== "object" || query === null)
    throw new TypeError(`[@petstore/mock] store.list takes { limit?, status? }, got ${describeValue(query)}`);
  checkOptionsObject("store.list's query", query, ["limit", "status"]);
  const { limit, status } = query;
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= bounds.min && limit <= bounds.max)) {
    throw new RangeError(
      `[@petstore/mock] store.list: limit must be an integer from ${bounds.min} to ${bounds.max}, got ${describeValue(limit)}`,
    );
  }
  if (status !== undefined && !statuses.includes(status)) {
    throw new TypeError(
      `[@petstore/mock] store.list: status must be one of ${statuses.join(", ")}, got ${describeValue(status)}`,
    );
  }
}

/** A handler set's store: the public, checked `PetstoreMockStore` over the service core's in-memory store it runs on. */
export interface MockStore {
  store: PetstoreMockStore;
  core: MemoryStore;
}

/** The store of a handler set, and the core store the service answers from. */
export function createMockStore(seed: readonly Pet[] = [], now: () => number = () => Date.now()): MockStore {
  if (typeof now !== "function")
    throw new TypeError(
      `[@petstore/mock] createPetstoreStore's clock must be a function returning epoch milliseconds, got ${describeValue(now)}`,
    );
  const core = createMemoryStore({ pets: checkSeed(seed), now: () => now() });
  const copy = (pet: Pet): Pet => ({ ...pet });
  const store: PetstoreMockStore = {
    all: () => core.all().map(copy),
    list(query = {}) {
      const limits = listLimit();
      checkQuery(query, limits);
      const { limit = limits.default, status } = query;
      return core.select(status === undefined ? { limit } : { limit, status }).map(copy);
    },
    get(id) {
      if (!Number.isInteger(id))
        throw new TypeError(`[@petstore/mock] store.get needs an integer id, got ${describeValue(id)}`);
      const pet = core.find(id);
      return pet && copy(pet);
    },
    create(input, idempotency) {
      checkNewPet(input);
      if (
        idempotency !== undefined &&
        !(typeof idempotency?.scope === "string" && typeof idempotency.key === "string" && idempotency.key !== "")
      ) {
        throw new TypeError(
          `[@petstore/mock] store.create's idempotency must be { scope: string, key: non-empty string }, got ${describeValue(idempotency)}`,
        );
      }
      try {
        const { pet, replayed } = core.insert(input, idempotency && { scope: idempotency.scope, key: idempotency.key });
        return { pet: copy(pet), replayed };
      } catch (error) {
        if (error instanceof PetIdsExhaustedError)
          throw new RangeError(
            `[@petstore/mock] store.create has no id left after ${error.largest} (2^53 − 1, the largest id a JavaScript number holds exactly): seed pets with smaller ids to create pets`,
          );
        throw error;
      }
    },
    reset: () => core.reset(),
  };
  return { store, core };
}

/** An in-memory store seeded with `seed`; `now` (epoch milliseconds, default `Date.now()` at each call) is the clock for idempotency expiry. */
export function createPetstoreStore(
  seed: readonly Pet[] = [],
  now: () => number = () => Date.now(),
): PetstoreMockStore {
  return createMockStore(seed, now).store;
}
