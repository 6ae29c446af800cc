import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  type PetstoreError,
  RateLimitError,
  UnprocessableEntityError,
} from "../errors";

/** The error class of each HTTP status that has its own (5xx: `InternalServerError`). */
export const CLASSES: Record<number, typeof PetstoreError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/**
 * Codes that prove the request never left, so nothing can have been applied on the server: ECONNREFUSED, ENOTFOUND,
 * EAI_AGAIN, ENETUNREACH, EHOSTUNREACH, undici's UND_ERR_CONNECT_TIMEOUT and UND_ERR_INVALID_ARG, and Node's
 * ERR_INVALID_ARG_TYPE/VALUE (no other code holds these words).
 */
export const NOT_SENT = /refused|notfound|ai_again|unreach|connect_timeout|invalid_arg/i;

/** Marks the error of a create that may have been applied, saying what to do so that no second pet is made. */
export function ambiguous(error: PetstoreError, idempotencyKey: string): PetstoreError {
  error.idempotencyKey = idempotencyKey;
  error.message += ` The pet may exist; retry with { idempotencyKey: ${JSON.stringify(idempotencyKey)} } to avoid a duplicate.`;
  return error;
}
