import type { NewPet, OperationId } from "@petstore/contract";
import type { ListPetsParams } from "../types";
import type { CallInput } from "./call";
import { checkListParams, checkNewPet, checkPetId, petListProblem, petProblem } from "./validate";

/**
 * How the typed client presents one operation of the contract, as a tuple (its entries are read on every call, and
 * a tuple's indexes cost less to ship than property names).
 */
export type OperationSpec = [
  /** The SDK method, as deprecation messages and errors name it. */
  sdk: string,
  /** Says where a success body breaks the contract, or "". */
  check: (value: unknown) => string,
  /** Checks the method's argument and shapes it as the request's path, query or body. */
  input: (arg: never) => CallInput,
  /** The SDK call to use instead, when the contract deprecates the operation. */
  replacement?: string,
];

/**
 * Every operation of the contract and how the client calls it. `satisfies` a record over `OperationId`: an
 * operation added to openapi.yaml fails this package's type-check until it is implemented here.
 */
export const OPERATIONS = {
  listPets: ["pets.list()", petListProblem, (params: ListPetsParams) => ({ query: checkListParams(params) })],
  createPet: ["pets.create()", petProblem, (pet: NewPet) => ({ body: checkNewPet(pet) })],
  getPet: [
    "pets.get()",
    petProblem,
    (petId: number) => ({ path: { petId: checkPetId(petId) } }),
    "pets.list({ status })",
  ],
} satisfies Record<OperationId, OperationSpec>;

/** The type every client operation table must satisfy. */
export type OperationTable = Record<OperationId, OperationSpec>;
