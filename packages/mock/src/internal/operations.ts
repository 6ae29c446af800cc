import type { Pet, PetStatus } from "@petstore/contract";
import { messages, pickNewPet } from "@petstore/service-rules";
import type { PetstoreMockStore } from "../store";
import { RequestError } from "./errors";

/** A request that passed auth and validation, as an operation sees it. */
export interface ValidRequest {
  apiKey: string;
  /** Coerced path, query and header parameters by name (header names as the contract spells them). */
  params: Record<string, unknown>;
  body: unknown;
  /** The base path the request came under, e.g. `/v1`, for `Location` and messages. */
  basePath: string;
}

/** What an operation answers: status, body and extra headers. */
export interface OperationResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The contract's operations over one store, by operationId. */
export function createOperations(store: PetstoreMockStore): Record<string, (request: ValidRequest) => OperationResult> {
  return {
    listPets({ params }) {
      const status = params.status as PetStatus | undefined;
      return {
        status: 200,
        body: store.list({ limit: params.limit as number, ...(status === undefined ? {} : { status }) }),
      };
    },
    getPet({ params, basePath }) {
      // A string here is a valid int64 beyond 2^53: no id the store ever holds.
      const petId = params.petId as number | string;
      const pet: Pet | undefined = typeof petId === "number" ? store.get(petId) : undefined;
      if (!pet) throw new RequestError(404, messages.petNotFound(petId, basePath));
      return { status: 200, body: pet };
    },
    createPet({ apiKey, params, body, basePath }) {
      const key = params["Idempotency-Key"] as string | undefined;
      const { pet, replayed } = store.create(
        pickNewPet(body as Record<string, unknown>),
        key === undefined ? undefined : { scope: apiKey, key },
      );
      return {
        status: 201,
        body: pet,
        headers: { location: `${basePath}/pets/${pet.id}`, ...(replayed ? { "idempotent-replayed": "true" } : {}) },
      };
    },
  };
}
