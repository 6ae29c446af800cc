// Generated from @petstore/contract's openapi.yaml by `pnpm generate` (packages/client/scripts/generate.ts): how the client checks and sends each operation.
// Do not edit by hand; a test fails when this file is stale.

import type { OperationId } from "@petstore/contract";
import type { CallInput } from "../internal/call";
import { type Check, checkObject, checkOptions, invalid, isRecord } from "../internal/fail";
import { arrayProblem, bad, type Deprecations, type OperationSpec } from "../internal/operation-spec";

// biome-ignore lint/suspicious/noExplicitAny: each property is tested before it is trusted
const petProblem = (value: any, at = ""): string =>
  !isRecord(value)
    ? `${at || "/"} must be an object`
    : !Number.isSafeInteger(value.id)
      ? bad(at, value, "id", "an integer")
    : typeof value.name !== "string"
      ? bad(at, value, "name", "a string")
    : !Number.isSafeInteger(value.categoryId)
      ? bad(at, value, "categoryId", "an integer")
    : (value.status !== undefined && typeof value.status !== "string")
      ? bad(at, value, "status", "a string")
    : "";

const petsProblem = (value: unknown): string => arrayProblem(value, petProblem);

/** The check of each query parameter of `pets.list`. */
const listPetsQuery: Record<string, Check> = {
  limit: (name, value) => (Number.isSafeInteger(value) && value >= 1 && value <= 100) || invalid(name, "an integer from 1 to 100", value),
  status: (name, value) => ["available","pending","sold"].includes(value) || invalid(name, "one of [\"available\",\"pending\",\"sold\"]", value),
};

/**
 * Every operation of the contract and how the typed client calls it, by operationId: its SDK method, how the
 * method's arguments (path parameters, body, query parameters, then RequestOptions) are checked and become the
 * request, the check of its success body (0 when it has none), and its HTTP method and path.
 */
export const OPERATIONS = {
  listPets: [
    "pets.list()",
    (params: any, options: any): CallInput => (checkOptions("pets.list parameter", (params ??= {}), listPetsQuery), [, params, , options]),
    petsProblem,
    "GET",
    "/pets",
  ],
  createPet: [
    "pets.create()",
    (pet: any, options: any): CallInput => (checkObject("pets.create pet", pet), typeof pet.name === "string" || invalid("pet.name", "a string", pet.name), ((length: number) => (length >= 1 && length <= 255) || invalid("pet.name", "1 to 255 characters", length))([...pet.name].length), (Number.isSafeInteger(pet.categoryId)) || invalid("pet.categoryId", "an integer", pet.categoryId), [, , pet, options]),
    petProblem,
    "POST",
    "/pets",
  ],
  getPet: [
    "pets.get()",
    (petId: any, options: any): CallInput => ((Number.isSafeInteger(petId) && petId >= 1) || invalid("petId", "a positive integer", petId), [{ petId }, , , options]),
    petProblem,
    "GET",
    "/pets/{petId}",
  ],
} satisfies Record<OperationId, OperationSpec>;

/**
 * The deprecated operations, by operationId, with the SDK call replacing each (a table of their own, so
 * `@petstore/client/query` does not carry it).
 */
export const DEPRECATIONS: Deprecations = {
  getPet: { deprecatedAt: /* @__PURE__ */ new Date("2025-12-05"), sunset: /* @__PURE__ */ new Date("2030-12-05"), replacement: "pets.list({ status })", link: "https://docs.petstore.example/#tag/animals/operation/listPets" },
};

/** How many arguments each method takes before its RequestOptions. */
export const ARITY: Record<OperationId, number> = {
  listPets: 1,
  createPet: 1,
  getPet: 1,
};
