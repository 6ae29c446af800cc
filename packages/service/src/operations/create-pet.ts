import type { Operation } from "../operation";
import { pickNewPet } from "../pets";
import { fingerprintOf } from "../store";

/** `POST /pets`: adds a pet (or replays the one created under the same `Idempotency-Key`), with its `Location`. */
export const createPet: Operation = async ({ params, body, caller, store, basePath }) => {
  const input = pickNewPet(body as Record<string, unknown>);
  const key = params["Idempotency-Key"] as string | undefined;
  const idempotency = key === undefined ? undefined : { scope: caller.scope, key, fingerprint: fingerprintOf(input) };
  const { pet, replayed } = await store.create(input, idempotency);
  const headers: Record<string, string> = { location: `${basePath}/pets/${pet.id}` };
  if (replayed) headers["idempotent-replayed"] = "true";
  return { status: 201, body: pet, headers };
};
