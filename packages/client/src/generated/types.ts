// Generated from @petstore/contract's openapi.yaml by `pnpm generate` (packages/client/scripts/generate.ts): the typed methods and their parameters.
// Do not edit by hand; a test fails when this file is stale.

import type { components, Operations } from "@petstore/contract";
import type { RequestOptions } from "../options";
import type { Pet, PetstorePromise } from "../types";

type NewPet = components["schemas"]["NewPet"];

/** Query parameters of `pets.list`, from the contract. */
export type ListPetsParams = NonNullable<Operations["listPets"]["parameters"]["query"]>;

/** The typed methods of a client, one per operation of the contract, grouped by resource; each throws `PetstoreError`s. */
export interface PetstoreResources {
  pets: {
    /**
     * Returns the animals in ascending `id` order: the first `limit` of them after the `status` filter. The
     * body is a bare array; no pagination beyond `limit` exists.
     */
    list(params?: ListPetsParams, options?: RequestOptions): PetstorePromise<Pet[]>;
    /**
     * Adds an animal. The service assigns `id`; an `id` in the body is ignored, as are other fields the
     * schema does not name. `status` has no default: when omitted, the pet has none.
     */
    create(pet: NewPet, options?: RequestOptions): PetstorePromise<Pet>;
    /**
     * Get an animal.
     * @deprecated Removed on 2030-12-05. Use `pets.list({ status })` (GET /pets?status=…) instead.
     */
    get(petId: Operations["getPet"]["parameters"]["path"]["petId"], options?: RequestOptions): PetstorePromise<Pet>;
  };
}
