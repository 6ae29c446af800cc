import { RuleError } from "../errors";
import { messages } from "../messages";
import type { Operation } from "../operation";

/** `GET /pets/{petId}`: one pet, or a 404 saying how to find ids. */
export const getPet: Operation = async ({ params, store, basePath }) => {
  // A string here is a valid int64 beyond 2^53: no id the service ever assigns.
  const petId = params.petId as number | string;
  const pet = typeof petId === "number" ? await store.get(petId) : undefined;
  if (!pet) throw new RuleError(404, messages.petNotFound(petId, basePath));
  return { status: 200, body: pet };
};
