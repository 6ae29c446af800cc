export { parseAuthorization, WWW_AUTHENTICATE } from "./auth";
export { BODY_SAMPLE, createBodyValidator } from "./body";
export { describeSchema } from "./describe";
export { errorBody, errorCodeFor, RuleError } from "./errors";
export { nestingDepth, parseJsonBody } from "./json";
export { messages, shortPath } from "./messages";
export { createParameterParser } from "./parameters";
export { IDEMPOTENCY_TTL_MS, IdempotencyConflictError, normalizePet, pickNewPet } from "./pets";
export { allowHeader, createRouter, routeList } from "./routes";
export { describeErrors, validatorFor } from "./validators";

export type { ParsedAuthorization } from "./auth";
export type { RawParameter } from "./parameters";
export type { RouteMatch } from "./routes";
export type { Validate, ValidationError } from "./validators";
