import type { Pet, PetStatus } from "@petstore/contract";
import type { ListPetsParams } from "../client";
import { invalid, rejectUnknownKeys } from "./fail";

// A runtime copy of the enum; test/contract-sync.test.ts fails if it drifts from openapi.yaml.
export const PET_STATUSES = ["available", "pending", "sold"] as const satisfies readonly PetStatus[];

const isStatus = (value: unknown) => value === undefined || (PET_STATUSES as readonly unknown[]).includes(value);

/** Whether a parsed body has the shape of a `Pet`. */
export function isPet(value: unknown): value is Pet {
  const pet = value as Partial<Record<keyof Pet, unknown>> | null | undefined;
  return Number.isSafeInteger(pet?.id) && typeof pet?.name === "string" && Number.isSafeInteger(pet.categoryId) && isStatus(pet.status);
}

/** Whether a parsed body is a list of `Pet`s. */
export function isPetList(value: unknown): value is Pet[] {
  return Array.isArray(value) && value.every(isPet);
}

/** Rejects list parameters the service would answer with 400, before anything is sent. */
export function checkListParams(params: ListPetsParams): ListPetsParams {
  const { limit, status } = typeof params === "object" && params ? params : invalid("pets.list params", "an object such as { limit: 10 }", params);
  rejectUnknownKeys("pets.list parameter", params, ["limit", "status"]);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 100)) invalid("limit", "an integer from 1 to 100", limit);
  if (!isStatus(status)) invalid("status", `one of ${PET_STATUSES.join(", ")}`, status);
  return params;
}

/** Rejects a pet id that is not a positive integer, before anything is sent. */
export function checkPetId(petId: number): number {
  return Number.isSafeInteger(petId) && petId > 0 ? petId : invalid("petId", "a positive integer", petId);
}
