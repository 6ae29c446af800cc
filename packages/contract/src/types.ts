import type { errorCatalogue } from "./generated/errors";
import type { servers, operations } from "./generated/operations";
import type { components } from "./generated/schema";

/** An animal as returned by the service. */
export type Pet = components["schemas"]["Pet"];
/** The body of `POST /pets`. */
export type NewPet = components["schemas"]["NewPet"];
/** Availability of an animal. */
export type PetStatus = components["schemas"]["PetStatus"];
/** The body of every error response. */
export type Error = components["schemas"]["Error"];
/** The name of an environment the contract declares a server for. */
export type Environment = keyof typeof servers;
/** The operationId of any operation in the contract. */
export type OperationId = keyof typeof operations;
/** An Error `code` the contract's catalogue (`x-error-codes`) lists. */
export type ErrorCode = keyof typeof errorCatalogue;
