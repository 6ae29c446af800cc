import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  PetstoreError,
  RateLimitError,
  UnprocessableEntityError,
} from "../errors";
import { PREFIX } from "./fail";

const CLASSES: Record<number, typeof PetstoreError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** Picks the error class for an HTTP status and reads `code`/`message` from the Error body when it has them. */
export function errorFromResponse(response: Response, body: unknown): PetstoreError {
  const { status, headers } = response;
  const Class = CLASSES[status] ?? (status >= 500 ? InternalServerError : PetstoreError);
  const fields = body as { code?: unknown; message?: unknown } | undefined;
  const code = typeof fields?.code === "string" ? fields.code : `http_${status}`;
  const requestId = headers.get("x-request-id");
  // The server's text ends as a sentence whatever it sends, so what the SDK adds after it reads as the next one.
  const detail =
    typeof fields?.message === "string"
      ? fields.message.trim().replace(/[^.!?\u2026]$/, "$&.") || "(no message)."
      : `not an Error body (${headers.get("content-type")}); see error.body.`;
  return new Class(`${PREFIX}${status} ${code}: ${detail}${requestId ? ` (request id ${requestId})` : ""}`, {
    code,
    status,
    headers,
    body,
  });
}

/** Walks an error and its causes: the innermost `code` (`ECONNREFUSED`, `UND_ERR_SOCKET`, …) and the innermost message. */
export function rootCause(error: unknown): [code: string | undefined, message: string] {
  let code: string | undefined;
  let message = String(error);
  for (
    let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
    e && depth < 8;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string") code = e.code;
    if (typeof e.message === "string") message = e.message;
  }
  return [code, message];
}

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
