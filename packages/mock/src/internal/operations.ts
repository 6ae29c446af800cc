import type { NewPet, Pet, PetStatus } from "@petstore/contract";
import type { PetstoreMockStore } from "../store";
import { componentSchema, type Schema } from "./contract";
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

let newPetFields: string[] | undefined;

/** Only the fields NewPet names, in its order: `id` and unknown fields are dropped, as the server does. */
function pickNewPet(body: Record<string, unknown>): NewPet {
  newPetFields ??= Object.keys((componentSchema("NewPet").properties ?? {}) as Schema);
  const pet: Record<string, unknown> = {};
  for (const field of newPetFields) if (body[field] !== undefined) pet[field] = body[field];
  return pet as unknown as NewPet;
}

/** The contract's operations over one store, by operationId. */
export function createOperations(store: PetstoreMockStore): Record<string, (request: ValidRequest) => OperationResult> {
  return {
    listPets({ params }) {
      const status = params.status as PetStatus | undefined;
      return { status: 200, body: store.list({ limit: params.limit as number, ...(status === undefined ? {} : { status }) }) };
    },
    getPet({ params, basePath }) {
      // A string here is a valid int64 beyond 2^53: no id the store ever holds.
      const petId = params.petId as number | string;
      const pet: Pet | undefined = typeof petId === "number" ? store.get(petId) : undefined;
      if (!pet) throw new RequestError(404, `No pet with id ${petId}. List pets with GET ${basePath}/pets to find ids.`);
      return { status: 200, body: pet };
    },
    createPet({ apiKey, params, body, basePath }) {
      const key = params["Idempotency-Key"] as string | undefined;
      const { pet, replayed } = store.create(pickNewPet(body as Record<string, unknown>), key === undefined ? undefined : { scope: apiKey, key });
      return { status: 201, body: pet, headers: { location: `${basePath}/pets/${pet.id}`, ...(replayed ? { "idempotent-replayed": "true" } : {}) } };
    },
  };
}
