import { petStatuses, type NewPet } from "@petstore/contract";
import type { ListPetsParams, Pet } from "../types";
import { invalid, rejectUnknownKeys } from "./fail";

/** The statuses the service filters by, generated from the contract's enum. */
export const PET_STATUSES = petStatuses;

/** Where a response breaks the contract: a JSON pointer and what was expected there. */
export type Problem = [pointer: string, expected: string];

// Only what makes a Pet unusable counts: a missing required field or a wrong JSON type. An unknown status or an
// extra field is what a newer server sends, and passes through.
// Entries made once: this runs for every pet of every response.
const PET_FIELDS = Object.entries({ id: "integer", name: "string", categoryId: "integer", status: "" } satisfies Record<
  keyof Pet,
  string
>);

/** Checks a parsed body against `Pet`; returns the first problem, or undefined. */
export function petProblem(value: unknown, at = ""): Problem | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [at || "/", "an object"];
  for (const [name, type] of PET_FIELDS) {
    const field = (value as Record<string, unknown>)[name];
    const pointer = `${at}/${name}`;
    if (field === undefined) {
      if (type) return [pointer, `a required ${type}`];
    } else if (type === "integer" ? !Number.isSafeInteger(field) : typeof field !== "string")
      return [pointer, `a ${type || "string"}`];
  }
  return undefined;
}

/** Checks a parsed body against `Pets` (an array of Pet). */
export function petListProblem(value: unknown): Problem | undefined {
  if (!Array.isArray(value)) return ["/", "an array of Pets"];
  for (let index = 0; index < value.length; index++) {
    const problem = petProblem(value[index], `/${index}`);
    if (problem) return problem;
  }
  return undefined;
}

/** Rejects list parameters the service would answer with 400, before anything is sent. */
export function checkListParams(params: ListPetsParams): ListPetsParams {
  const { limit, status } =
    typeof params === "object" && params
      ? params
      : invalid("pets.list params", "an object such as { limit: 10 }", params);
  rejectUnknownKeys("pets.list parameter", params, ["limit", "status"]);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 100))
    invalid("limit", "an integer from 1 to 100", limit);
  if (status !== undefined && !(PET_STATUSES as readonly unknown[]).includes(status))
    invalid("status", `one of ${PET_STATUSES.join(", ")}`, status);
  return params;
}

/** Rejects a create body that is not a NewPet's shape, before anything is sent; the service judges the values. */
export function checkNewPet(pet: NewPet): NewPet {
  if (!pet || typeof pet !== "object" || Array.isArray(pet))
    invalid("pets.create pet", 'an object such as { name: "Rex", categoryId: 1 }', pet);
  if (typeof pet.name !== "string") invalid("pet.name", "a string", pet.name);
  if (!Number.isSafeInteger(pet.categoryId)) invalid("pet.categoryId", "an integer", pet.categoryId);
  return pet;
}

/** Rejects a pet id that is not a positive integer, before anything is sent. */
export function checkPetId(petId: number): number {
  return Number.isSafeInteger(petId) && petId > 0 ? petId : invalid("petId", "a positive integer", petId);
}
