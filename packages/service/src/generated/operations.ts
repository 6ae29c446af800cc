// Generated from packages/contract/openapi.yaml by `pnpm --filter @petstore/service generate`: each operation's
// function from src/operations/<operation-id>.ts. Do not edit by hand; a test fails when this file is stale.
import type { OperationId } from "@petstore/contract";
import type { Operation } from "../operation";
import { listPets } from "../operations/list-pets";
import { createPet } from "../operations/create-pet";
import { getPet } from "../operations/get-pet";

/** The function of every operation of the contract, by operationId. */
export const operationFunctions: Record<OperationId, Operation> = { listPets, createPet, getPet };
