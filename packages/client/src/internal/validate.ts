import { petNameLength, petStatuses, type NewPet } from "@petstore/contract";
import type { ListPetsParams, Pet } from "../types";
import { type Check, checkObject, checkOptions, invalid, isRecord } from "./fail";

/** The statuses the service filters by, generated from the contract's enum. */
export const PET_STATUSES = petStatuses;

// Only what makes a Pet unusable counts: a missing required field or a wrong JSON type. An unknown status or an
// extra field is what a newer server sends, and passes through. This runs for every pet of every response, so a
// good pet costs a few property reads: plain reads by name, no table walk, no string built until a field fails.
const badField = (pet: Record<string, unknown>): keyof Pet | "" =>
  !Number.isSafeInteger(pet.id)
    ? "id"
    : typeof pet.name !== "string"
      ? "name"
      : !Number.isSafeInteger(pet.categoryId)
        ? "categoryId"
        : pet.status !== undefined && typeof pet.status !== "string"
          ? "status"
          : "";

/** Checks a parsed body against `Pet`: where it breaks the contract (a JSON pointer, under `at`), or "". */
export function petProblem(value: unknown, at = ""): string {
  if (!isRecord(value)) return `${at || "/"} must be an object`;
  const name = badField(value as Record<string, unknown>);
  return (
    name &&
    `${at}/${name} ${(value as Pet)[name] === undefined ? "is missing" : name === "name" || name === "status" ? "must be a string" : "must be an integer"}`
  );
}

/** Checks a parsed body against `Pets` (an array of Pet). */
export function petListProblem(value: unknown): string {
  if (!Array.isArray(value)) return "/ must be an array";
  for (let index = 0; index < value.length; index++) {
    // The pointer is built only for the pet that fails.
    if (petProblem(value[index])) return petProblem(value[index], `/${index}`);
  }
  return "";
}

const LIST_PARAMS = {
  limit: (name, limit) =>
    (Number.isInteger(limit) && limit >= 1 && limit <= 100) || invalid(name, "an integer from 1 to 100", limit),
  status: (name, status) =>
    PET_STATUSES.includes(status) || invalid(name, `one of ${JSON.stringify(PET_STATUSES)}`, status),
} satisfies Record<keyof ListPetsParams, Check>;

/** Rejects list parameters the service would answer with 400, before anything is sent. */
export function checkListParams(params: ListPetsParams): ListPetsParams {
  checkOptions("pets.list params", "pets.list parameter", params, LIST_PARAMS);
  return params;
}

/** Rejects a create body the service would answer with 400 for its shape or the contract's limits, before sending. */
export function checkNewPet(pet: NewPet): NewPet {
  checkObject("pets.create pet", pet);
  const { name, categoryId } = pet;
  if (typeof name !== "string") invalid("pet.name", "a string", name);
  // The contract counts Unicode code points, not UTF-16 units: 255 emoji are a valid name.
  const length = [...name].length;
  const { min, max } = petNameLength;
  if (length < min || length > max) invalid("pet.name", `${min} to ${max} characters`, length);
  // The contract's categoryIdRange is exactly the safe integers.
  if (!Number.isSafeInteger(categoryId)) invalid("pet.categoryId", "an integer", categoryId);
  return pet;
}

/** Rejects a pet id that is not a positive integer, before anything is sent. */
export function checkPetId(petId: number): number {
  return Number.isSafeInteger(petId) && petId > 0 ? petId : invalid("petId", "a positive integer", petId);
}
