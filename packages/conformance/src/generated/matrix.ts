// Generated from packages/contract/openapi.yaml by `pnpm --filter @petstore/conformance generate`: each
// operation's matrix file, src/matrix/<operation-id>.ts. Do not edit by hand; a test fails when this file is stale.
import type { OperationId } from "@petstore/contract";
import type { OperationMatrix } from "../case";
import { listPetsCases, listPetsRequests } from "../matrix/list-pets";
import { createPetCases, createPetRequests } from "../matrix/create-pet";
import { getPetCases, getPetRequests } from "../matrix/get-pet";

/** The cases and the authentication requests of every operation of the contract, by operationId. */
export const operationMatrices: Record<OperationId, OperationMatrix> = {
  listPets: { cases: listPetsCases, requests: listPetsRequests },
  createPet: { cases: createPetCases, requests: createPetRequests },
  getPet: { cases: getPetCases, requests: getPetRequests },
};
