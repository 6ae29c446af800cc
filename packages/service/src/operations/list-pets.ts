import type { PetStatus } from "@petstore/contract";
import type { Operation } from "../operation";

/** `GET /pets`: the first `limit` pets in ascending id order, optionally of one status. */
export const listPets: Operation = async ({ params, store }) => {
  const limit = params.limit as number;
  const status = params.status as PetStatus | undefined;
  return { status: 200, body: await store.list(status === undefined ? { limit } : { limit, status }) };
};
