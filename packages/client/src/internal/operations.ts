import type { OperationId } from "@petstore/contract";
import { petListProblem, petProblem, type Problem } from "./validate";

/** How the typed client presents one operation of the contract. */
export interface OperationSpec {
  /** The SDK method, as deprecation messages and errors name it. */
  sdk: string;
  /** The SDK call to use instead, when the contract deprecates the operation. */
  replacement?: string;
  /** Finds where a success body breaks the contract. */
  check: (value: unknown) => Problem | undefined;
  /** Names what `check` expects, for the error when it fails. */
  expected: string;
}

/**
 * Every operation of the contract and how the client calls it. `satisfies` a record over `OperationId`: an
 * operation added to openapi.yaml fails this package's type-check until it is implemented here.
 */
export const OPERATIONS = {
  listPets: { sdk: "pets.list()", check: petListProblem, expected: "a Pet list" },
  createPet: { sdk: "pets.create()", check: petProblem, expected: "a Pet" },
  getPet: { sdk: "pets.get()", replacement: "pets.list({ status })", check: petProblem, expected: "a Pet" },
} satisfies Record<OperationId, OperationSpec>;

/** The type every client operation table must satisfy. */
export type OperationTable = Record<OperationId, OperationSpec>;
