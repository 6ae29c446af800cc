import type { Pet, PetStatus } from "@petstore/contract";
import { checkOptionsObject, describeValue } from "./internal/check";
import { componentSchema } from "./internal/contract";

/** Options of `generatePets`. */
export interface GeneratePetsOptions {
  /** The seed: the same seed and count give the same pets. Defaults to 1. */
  seed?: number | undefined;
  /** The first pet's id; the others follow one by one. Defaults to 1. */
  firstId?: number | undefined;
}

const NAMES = [
  "Rex",
  "Bella",
  "Max",
  "Luna",
  "Charlie",
  "Lucy",
  "Cooper",
  "Daisy",
  "Milo",
  "Lola",
  "Buddy",
  "Sadie",
  "Rocky",
  "Molly",
  "Bear",
  "Maggie",
  "Tucker",
  "Sophie",
  "Duke",
  "Chloe",
  "Oliver",
  "Penny",
  "Teddy",
  "Rosie",
  "Leo",
  "Coco",
  "Winston",
  "Ruby",
  "Murphy",
  "Zoe",
  "Biscuit",
  "Pepper",
  "Ginger",
  "Oscar",
  "Nala",
  "Simba",
  "Mochi",
  "Pumpkin",
  "Shadow",
  "Willow",
  "Jasper",
  "Hazel",
  "Felix",
  "Olive",
  "Ziggy",
  "Maple",
  "Toby",
  "Pixel",
  "Basil",
  "Clover",
];

/** Most pets carry a status; some have none, as the contract allows. */
const NO_STATUS_SHARE = 0.1;

/** mulberry32: a small, fast PRNG whose sequence is fixed by its 32-bit seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * `count` pets valid against the contract's `Pet` schema, with realistic names, ids ascending from `firstId`, and
 * statuses and categories spread by a seeded generator: the same `seed` always gives the same pets. Use them as the
 * `pets` seed of `createPetstoreHandlers` for list, limit and filter tests.
 */
export function generatePets(count: number, options: GeneratePetsOptions = {}): Pet[] {
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(
      `[@petstore/mock] generatePets(count): count must be a whole number of pets (0 or more), got ${describeValue(count)}`,
    );
  checkOptionsObject("generatePets(count, options)", options, ["seed", "firstId"]);
  const { seed = 1, firstId = 1 } = options;
  if (!Number.isSafeInteger(seed))
    throw new TypeError(`[@petstore/mock] generatePets: seed must be an integer, got ${describeValue(seed)}`);
  if (!Number.isSafeInteger(firstId) || firstId < 1 || !Number.isSafeInteger(firstId + count)) {
    throw new RangeError(
      `[@petstore/mock] generatePets: firstId must be an integer from 1 that leaves room for ${count} ids, got ${describeValue(firstId)}`,
    );
  }
  const statuses = componentSchema("PetStatus").enum as readonly PetStatus[];
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, (_, index) => {
    const name = pick(NAMES);
    const categoryId = 1 + Math.floor(next() * 5);
    const status = next() < NO_STATUS_SHARE ? undefined : pick(statuses);
    const id = firstId + index;
    return status === undefined ? { id, name, categoryId } : { id, name, categoryId, status };
  });
}
