import type { NewPet } from "@petstore/contract";
import { createCall } from "./internal/call";
import { createContext } from "./internal/context";
import { OPERATIONS } from "./internal/operations";
import { checkClientOptions, headerRecord, type PetstoreClientOptions, type RequestOptions } from "./options";
import type { ListPetsParams, Pet, PetstorePromise } from "./types";

/** The Petstore SDK: typed methods that throw `PetstoreError`s. */
export interface PetstoreClient {
  pets: {
    /** Lists animals in ascending `id` order: the first `limit` (1–100, default 20) after the `status` filter. */
    list(params?: ListPetsParams, options?: RequestOptions): PetstorePromise<Pet[]>;
    /** Adds an animal; sends an `Idempotency-Key` (generated unless given) so retries never add it twice. */
    create(pet: NewPet, options?: RequestOptions): PetstorePromise<Pet>;
    /**
     * Fetches one animal by id.
     * @deprecated Removed on 2030-12-05. Use `pets.list({ status })` (GET /pets?status=…) instead.
     */
    get(petId: number, options?: RequestOptions): PetstorePromise<Pet>;
  };
  /** A client with these options over this one's (headers are merged); this client is unchanged. */
  withOptions(options: PetstoreClientOptions): PetstoreClient;
}

/** Creates a Petstore client; throws a clear error right away when the options are invalid or no API key is set. */
export function createPetstoreClient(options: PetstoreClientOptions = {}): PetstoreClient {
  const call = createCall(createContext(options, OPERATIONS));
  return {
    pets: {
      list: (params = {}, options) => call("listPets", params, options),
      create: (pet, options) => call("createPet", pet, options),
      get: (petId, options) => call("getPet", petId, options),
    },
    withOptions(more) {
      checkClientOptions(more);
      const merged = {
        ...options,
        ...more,
        headers: { ...headerRecord("headers", options.headers), ...headerRecord("headers", more.headers) },
      };
      // Choosing one of environment and baseUrl replaces the other.
      if ("environment" in more) delete merged.baseUrl;
      if ("baseUrl" in more) delete merged.environment;
      return createPetstoreClient(merged as PetstoreClientOptions);
    },
  };
}
