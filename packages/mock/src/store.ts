import type { NewPet, Pet, PetStatus } from "@petstore/contract";
import { IDEMPOTENCY_TTL_MS, messages, normalizePet } from "@petstore/service-rules";
import { validatorFor, describeErrors } from "./internal/ajv";
import { checkOptionsObject, describeValue } from "./internal/check";
import { componentSchema } from "./internal/contract";

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
  /** The first `limit` (1–100, default 20) pets in ascending id order after the status filter, as `GET /pets` answers. */
  list(query?: { limit?: number; status?: PetStatus }): Pet[];
  /** The pet with this id, or undefined. */
  get(id: number): Pet | undefined;
  /**
   * Adds a pet with the next id (one more than the largest held), as `POST /pets` does. Throws a TypeError for a pet
   * `POST /pets` would refuse, and IdempotencyConflictError for a key reused with another pet.
   */
  create(pet: NewPet, idempotency?: IdempotencyInput): CreateResult;
  /** Back to the seed pets, with every idempotency key forgotten. */
  reset(): void;
}

/** The same idempotency key was sent with a different body. */
export class IdempotencyConflictError extends Error {
  constructor(key: string) {
    super(messages.idempotencyConflict(key));
    this.name = "IdempotencyConflictError";
  }
}

/** Checks seed pets against the contract's Pet schema and for duplicate ids, with a message that names the culprit. */
function checkSeed(seed: readonly Pet[]): Pet[] {
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
  return [...seed].sort((a, b) => a.id - b.id).map((pet) => normalizePet(pet.id, pet));
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

/** Checks `list`'s query as `GET /pets` validates it. */
function checkQuery(query: { limit?: number; status?: PetStatus }): void {
  if (typeof query !== "object" || query === null)
    throw new TypeError(`[@petstore/mock] store.list takes { limit?, status? }, got ${describeValue(query)}`);
  checkOptionsObject("store.list's query", query, ["limit", "status"]);
  const { limit, status } = query;
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 100)) {
    throw new RangeError(
      `[@petstore/mock] store.list: limit must be an integer from 1 to 100, got ${describeValue(limit)}`,
    );
  }
  if (status !== undefined && !statuses.includes(status)) {
    throw new TypeError(
      `[@petstore/mock] store.list: status must be one of ${statuses.join(", ")}, got ${describeValue(status)}`,
    );
  }
}

/** No id is left for a new pet: the largest held is 2^53 − 1. */
export class PetIdsExhaustedError extends RangeError {
  constructor(largest: number) {
    super(
      `[@petstore/mock] store.create has no id left after ${largest} (2^53 − 1, the largest id a JavaScript number holds exactly): seed pets with smaller ids to create pets`,
    );
    this.name = "PetIdsExhaustedError";
  }
}

/** An in-memory store seeded with `seed`; `now` (epoch milliseconds, default `Date.now()` at each call) is the clock for idempotency expiry. */
export function createPetstoreStore(
  seed: readonly Pet[] = [],
  now: () => number = () => Date.now(),
): PetstoreMockStore {
  if (typeof now !== "function")
    throw new TypeError(
      `[@petstore/mock] createPetstoreStore's clock must be a function returning epoch milliseconds, got ${describeValue(now)}`,
    );
  const initial = checkSeed(seed);
  let pets: Pet[] = [];
  let keys = new Map<string, { fingerprint: string; createdAt: number; pet: Pet }>();
  const reset = () => {
    pets = initial.map((pet) => ({ ...pet }));
    keys = new Map();
  };
  reset();
  return {
    all: () => pets.map((pet) => ({ ...pet })),
    list(query = {}) {
      checkQuery(query);
      const { limit = 20, status } = query;
      return pets
        .filter((pet) => status === undefined || pet.status === status)
        .slice(0, limit)
        .map((pet) => ({ ...pet }));
    },
    get(id) {
      if (!Number.isInteger(id))
        throw new TypeError(`[@petstore/mock] store.get needs an integer id, got ${describeValue(id)}`);
      const pet = pets.find((candidate) => candidate.id === id);
      return pet && { ...pet };
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
      const id = (pets.at(-1)?.id ?? 0) + 1;
      // Past 2^53 - 1 a JavaScript number no longer holds the id exactly: two pets would share one.
      if (!Number.isSafeInteger(id)) throw new PetIdsExhaustedError(id - 1);
      const pet = normalizePet(id, input);
      const fingerprint = JSON.stringify(normalizePet(0, input));
      const mapKey = idempotency && `${idempotency.scope}\u0000${idempotency.key}`;
      if (idempotency && mapKey) {
        const earlier = keys.get(mapKey);
        if (earlier && now() - earlier.createdAt < IDEMPOTENCY_TTL_MS) {
          if (earlier.fingerprint !== fingerprint) throw new IdempotencyConflictError(idempotency.key);
          return { pet: { ...earlier.pet }, replayed: true };
        }
        keys.set(mapKey, { fingerprint, createdAt: now(), pet });
      }
      pets.push(pet);
      return { pet: { ...pet }, replayed: false };
    },
    reset,
  };
}
