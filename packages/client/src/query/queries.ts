import type { NewPet } from "@petstore/contract";
import type { PetstoreClient } from "../client";
import type { ListPetsParams, Pet } from "../types";
import { invalid } from "../internal/fail";
import { checkListParams, checkPetId } from "../internal/validate";

/** What TanStack Query passes to a `queryFn` that this module uses: the signal that fires when the query is cancelled. */
export interface QueryFunctionContextLike {
  signal: AbortSignal;
}

/** `{ queryKey, queryFn }` for one query, in the shape TanStack Query's `queryOptions`, `useQuery` and `QueryObserver` take. */
export interface PetstoreQueryOptions<TData, TKey extends readonly unknown[]> {
  queryKey: TKey;
  queryFn: (context: QueryFunctionContextLike) => Promise<TData>;
}

/** `{ mutationKey, mutationFn }` for one mutation, in the shape TanStack Query's `useMutation` and `MutationObserver` take. */
export interface PetstoreMutationOptions<TData, TVariables, TKey extends readonly unknown[]> {
  mutationKey: TKey;
  mutationFn: (variables: TVariables) => Promise<TData>;
}

/** Query key of `pets.list`: `["petstore", "listPets", params]`, with the params' keys sorted and undefined values left out. */
export type ListPetsKey = readonly ["petstore", "listPets", ListPetsParams];
/** Query key of `pets.get`: `["petstore", "getPet", { petId }]`. */
export type GetPetKey = readonly ["petstore", "getPet", { petId: number }];
/** Mutation key of `pets.create`: `["petstore", "createPet"]`. */
export type CreatePetKey = readonly ["petstore", "createPet"];

/** TanStack-Query-shaped options for each operation of a Petstore client. */
export interface PetstoreQueries {
  pets: {
    /** Options for `pets.list(params)`; the key names the operation and the params, so equal params share one cache entry. */
    list(params?: ListPetsParams): PetstoreQueryOptions<Pet[], ListPetsKey>;
    /**
     * Options for `pets.get(petId)`.
     * @deprecated Removed on 2030-12-05. Use `pets.list({ status })` (GET /pets?status=…) instead.
     */
    get(petId: number): PetstoreQueryOptions<Pet, GetPetKey>;
    /** Mutation options for `pets.create(pet)`: each mutation is one call, with one Idempotency-Key for all its retries. */
    create(): PetstoreMutationOptions<Pet, NewPet, CreatePetKey>;
  };
}

// Sorted, without undefined values: `{ status, limit }` and `{ limit, status: undefined, … }` orders give one key.
function stableParams(params: ListPetsParams): ListPetsParams {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1))) as ListPetsParams;
}

/**
 * Returns `{ queryKey, queryFn }` and `{ mutationKey, mutationFn }` objects for TanStack Query (any framework), built
 * on `client`; each `queryFn` passes the query's `signal` on, so a cancelled query aborts its request.
 */
export function petstoreQueries(client: Pick<PetstoreClient, "pets">): PetstoreQueries {
  const pets = (client as Partial<PetstoreClient> | null | undefined)?.pets;
  if (typeof pets?.list !== "function" || typeof pets.get !== "function" || typeof pets.create !== "function") {
    invalid("petstoreQueries(client)", "a client from createPetstoreClient()", client);
  }
  return {
    pets: {
      list(params = {}) {
        const query = stableParams(checkListParams(params));
        return { queryKey: ["petstore", "listPets", query], queryFn: ({ signal }) => pets.list(query, { signal }) };
      },
      get(petId) {
        const id = checkPetId(petId);
        return { queryKey: ["petstore", "getPet", { petId: id }], queryFn: ({ signal }) => pets.get(id, { signal }) };
      },
      create() {
        return { mutationKey: ["petstore", "createPet"], mutationFn: (pet) => pets.create(pet) };
      },
    },
  };
}
