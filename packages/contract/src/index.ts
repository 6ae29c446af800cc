export { openapiDocument } from "./generated/document";
export { operations, servers } from "./generated/operations";
export { componentSchemas, operationTable } from "./generated/operation-table";
export { errorCatalogue, errorCodeByStatus, requestErrorStatuses } from "./generated/errors";
export { categoryIdRange, petNameLength, petStatuses, requestLimits } from "./generated/values";

export type { components, operations as Operations, paths } from "./generated/schema";
export type {
  ContractDeprecation,
  ContractOperation,
  ContractParameter,
  ContractResponse,
  JsonSchema,
} from "./operation-table-types";
export type {
  Environment,
  Error as PetstoreErrorBody,
  ErrorCode,
  NewPet,
  OperationId,
  Pet,
  PetStatus,
} from "./types";
