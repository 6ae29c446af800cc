export { openapiDocument } from "./generated/document";
export { operations, servers } from "./generated/operations";

export type { components, operations as Operations, paths } from "./generated/schema";
export type {
  Environment,
  Error as PetstoreErrorBody,
  NewPet,
  OperationId,
  Pet,
  PetStatus,
} from "./types";
