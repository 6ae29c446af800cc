export { parseAuthorization, WWW_AUTHENTICATE } from "./auth";
export { BODY_SAMPLE, createBodyValidator } from "./body";
export { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, corsHeaders, preflightHeaders } from "./cors";
export { describeSchema } from "./describe";
export { errorBody, errorCodeFor, RuleError } from "./errors";
export { nestingDepth, parseJsonBody } from "./json";
export { messages, PATH_PARAMETER_MAX_LENGTH, shortPath } from "./messages";
export { createParameterParser } from "./parameters";
export { parseQueryString } from "./query";
export { IDEMPOTENCY_TTL_MS, IdempotencyConflictError, normalizePet, pickNewPet } from "./pets";
export { allowHeader, createRouter, routeList } from "./routes";
export { describeErrors, validatorFor } from "./validators";

export type { ParsedAuthorization } from "./auth";
export type { RawParameter } from "./parameters";
export type { RouteMatch } from "./routes";
export type { Validate, ValidationError } from "./validators";
