import type { NewPet, OperationId } from "@petstore/contract";
import type { ListPetsParams } from "../types";
import type { CallInput } from "./call";
import { checkListParams, checkNewPet, checkPetId, petListProblem, petProblem } from "./validate";

/** How the typed client presents one operation of the contract. */
export interface OperationSpec {
  /** The SDK method, as deprecation messages and errors name it. */
  sdk: string;
  /** The SDK call to use instead, when the contract deprecates the operation. */
  replacement?: string;
  /** Says where a success body breaks the contract, or "". */
  check: (value: unknown) => string;
  /** Checks the method's argument and shapes it as the request's path, query or body. */
  input: (arg: never) => CallInput;
}

/**
 * Every operation of the contract and how the client calls it. `satisfies` a record over `OperationId`: an
 * operation added to openapi.yaml fails this package's type-check until it is implemented here.
 */
export const OPERATIONS = {
  listPets: {
    sdk: "pets.list()",
    check: petListProblem,
    input: (params: ListPetsParams) => ({ query: checkListParams(params) }),
  },
  createPet: {
    sdk: "pets.create()",
    check: petProblem,
    input: (pet: NewPet) => ({ body: checkNewPet(pet) }),
  },
  getPet: {
    sdk: "pets.get()",
    replacement: "pets.list({ status })",
    check: petProblem,
    input: (petId: number) => ({ path: { petId: checkPetId(petId) } }),
  },
} satisfies Record<OperationId, OperationSpec>;

/** The type every client operation table must satisfy. */
export type OperationTable = Record<OperationId, OperationSpec>;
