// First: it explains a missing Fetch API before msw (imported below) fails on it without a word of why.
import "./environment";
export { createPetstoreHandlers } from "./handlers";
export { generatePets } from "./generate-pets";
export { petstoreMock } from "./petstore-mock";
export { createScenarios } from "./scenarios";
export { createOverrides, json, networkError } from "./override";
export { createPetstoreStore, IdempotencyConflictError } from "./store";
export { defaultBaseUrls } from "./options";
export { PetstoreContractViolation } from "./internal/respond";
export { DEFAULT_JOURNAL_SIZE, JOURNAL_BODY_BYTES } from "./journal";

export type { PetstoreHandlers } from "./handlers";
export type { GeneratePetsOptions } from "./generate-pets";
export type { JournalEntry, JournalEntryOf, PetstoreRequestJournal, UnmatchedJournalEntry } from "./journal";
export type { PetstoreMockOptions } from "./options";
export type { OverrideOptions, PetstoreOverrides } from "./override";
export type { ErrorScenarioBody, PetstoreScenarios, RateLimitedOptions, ScenarioOptions } from "./scenarios";
export type { CreateResult, IdempotencyInput, PetstoreMockStore } from "./store";
export type {
  BodyOf,
  ErrorStatus,
  HttpMethod,
  JsonResponse,
  NetworkErrorResponse,
  OperationAt,
  OperationById,
  OperationResponse,
  OverrideInfo,
  OverrideResolver,
  OverrideResult,
  PathParamsOf,
  PathsWith,
  QueryOf,
  RequestBodyOf,
  StatusOf,
  TypedJson,
} from "./types";
