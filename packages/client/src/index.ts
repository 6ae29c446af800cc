export { createPetstoreClient } from "./client";
export {
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  PetstoreError,
  RateLimitError,
  TimeoutError,
} from "./errors";
export { VERSION } from "./generated/version";

export type { NewPet, Pet, PetStatus } from "@petstore/contract";
export type { ListPetsParams, PetstoreClient } from "./client";
export type { DeprecationInfo } from "./deprecation";
export type { ApiKeySource, PetstoreClientOptions, RequestOptions } from "./options";
