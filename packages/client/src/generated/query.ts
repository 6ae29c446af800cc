// Generated from @petstore/contract's openapi.yaml by `pnpm generate` (packages/client/scripts/generate.ts): the TanStack Query options of each operation.
// Do not edit by hand; a test fails when this file is stale.

import type { components, Operations } from "@petstore/contract";
import type { PetstoreMutationOptions, PetstoreQueryOptions } from "../query/queries";
import type { ListPetsParams } from "./types";
import type { Pet } from "../types";

type NewPet = components["schemas"]["NewPet"];

/** Query key of `pets.list`. */
export type ListPetsKey = readonly ["petstore", "listPets", ListPetsParams];

/** Mutation key of `pets.create`. */
export type CreatePetKey = readonly ["petstore", "createPet"];

/** Query key of `pets.get`. */
export type GetPetKey = readonly ["petstore", "getPet", { petId: Operations["getPet"]["parameters"]["path"]["petId"] }];

/** TanStack-Query-shaped options for each operation of a Petstore client: queries for reads, mutations for changes. */
export interface PetstoreQueries {
  pets: {
    /**
     * Query options for `pets.list`: Returns the animals in ascending `id` order: the first `limit` of them
     * after the `status` filter. The body is a bare array; no pagination beyond `limit` exists.
     */
    list(params?: ListPetsParams): PetstoreQueryOptions<Pet[], ListPetsKey>;
    /**
     * Mutation options for `pets.create`: Adds an animal. The service assigns `id`; an `id` in the body is
     * ignored, as are other fields the schema does not name. `status` has no default: when omitted, the pet
     * has none.
     */
    create(): PetstoreMutationOptions<Pet, NewPet, CreatePetKey>;
    /**
     * Query options for `pets.get`: Get an animal.
     * @deprecated Removed on 2030-12-05. Use `pets.list({ status })` (GET /pets?status=…) instead.
     */
    get(petId: Operations["getPet"]["parameters"]["path"]["petId"]): PetstoreQueryOptions<Pet, GetPetKey>;
  };
}
