export { createPetstoreClient } from "./client";
export {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  PetstoreError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
} from "./errors";
export { VERSION } from "./generated/version";

export type { NewPet } from "@petstore/contract";
export type { PetstoreClient } from "./client";
export type { DeprecationInfo } from "./deprecation";
export type { PetstoreErrorInit, ServerErrorStatus } from "./errors";
export type { Logger, LogLevel } from "./internal/log";
export type {
  ApiKeySource,
  CommonClientOptions,
  FetchFunction,
  FetchInit,
  FetchOptions,
  PetstoreClientOptions,
  QueryValue,
  RequestOptions,
} from "./options";
// The generated per-operation types: each method's parameters (`ListPetsParams`, …) and `PetstoreResources`.
export type * from "./generated/types";
export type { Pet, PetStatus, PetstorePromise, WithResponse } from "./types";
