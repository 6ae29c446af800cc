import type { Pet, PetStatus } from "@petstore/contract";
import { normalizePet, type IdempotencyInput } from "./types";

/** One line of an earlier version's JSON-lines data file: a created pet, with the idempotency key it was created under. */
export interface StoredRecord {
  pet: Pet;
  idempotency?: IdempotencyInput & { at: number };
}

const STATUSES: readonly PetStatus[] = ["available", "pending", "sold"];
const PET_FIELDS = ["id", "name", "categoryId", "status"];
const IDEMPOTENCY_FIELDS = ["scope", "key", "fingerprint", "at"];

/** Thrown with a reason (no file or line: the caller adds them) when a line is not a record the store writes. */
export class InvalidRecordError extends Error {}

/**
 * Checks a parsed line against what the store writes and returns it with its pet in contract order.
 * Anything else is refused: a foreign field would be served to clients, a bad id would break the indexes.
 */
export function toStoredRecord(value: unknown): StoredRecord {
  if (!isPlainObject(value) || !("pet" in value))
    throw new InvalidRecordError('is not a store record (a JSON object with a "pet")');
  rejectUnknownFields("the record", value, ["pet", "idempotency"]);
  const pet = toPet(value.pet);
  if (value.idempotency === undefined) return { pet };
  return { pet, idempotency: toIdempotency(value.idempotency) };
}

function toPet(value: unknown): Pet {
  if (!isPlainObject(value)) throw new InvalidRecordError('has a "pet" that is not an object');
  rejectUnknownFields("pet", value, PET_FIELDS);
  const { id, name, categoryId, status } = value;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) {
    throw new InvalidRecordError(`has pet.id ${JSON.stringify(id)}: ids are positive safe integers`);
  }
  if (typeof name !== "string" || name.length === 0)
    throw new InvalidRecordError(`has pet ${id} without a non-empty string name`);
  if (typeof categoryId !== "number" || !Number.isSafeInteger(categoryId)) {
    throw new InvalidRecordError(
      `has pet ${id} with categoryId ${JSON.stringify(categoryId)}: it must be a safe integer`,
    );
  }
  if (status !== undefined && !STATUSES.includes(status as PetStatus)) {
    throw new InvalidRecordError(
      `has pet ${id} with status ${JSON.stringify(status)}: it must be one of ${STATUSES.join(", ")}`,
    );
  }
  return normalizePet(id, { name, categoryId, ...(status === undefined ? {} : { status: status as PetStatus }) });
}

function toIdempotency(value: unknown): StoredRecord["idempotency"] {
  if (!isPlainObject(value)) throw new InvalidRecordError('has an "idempotency" that is not an object');
  rejectUnknownFields("idempotency", value, IDEMPOTENCY_FIELDS);
  const { scope, key, fingerprint, at } = value;
  if (typeof scope !== "string" || typeof key !== "string" || typeof fingerprint !== "string") {
    throw new InvalidRecordError("has an idempotency entry whose scope, key and fingerprint are not all strings");
  }
  if (typeof at !== "number" || !Number.isFinite(at))
    throw new InvalidRecordError(`has idempotency.at ${JSON.stringify(at)}: it must be a number`);
  return { scope, key, fingerprint, at };
}

function rejectUnknownFields(what: string, value: { [key: string]: unknown }, allowed: readonly string[]): void {
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknown !== undefined)
    throw new InvalidRecordError(`has ${what} with an unknown field ${JSON.stringify(unknown)}`);
}

function isPlainObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
