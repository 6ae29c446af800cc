import { PREFIX } from "./internal/fail";

/** Base class of every error the SDK throws for a failed request or a bad configuration. */
export class PetstoreError extends Error {
  // Spelled out because minifiers rename classes; also keeps `name` in JSON.stringify(error).
  override name = "PetstoreError";
  /** Machine-readable code: the service's `code`, or one the SDK sets (`connection_error`, `timeout`, …). */
  declare readonly code: string;
  /** HTTP status of the response, when there was one. */
  declare readonly status: number | undefined;
  /** The `x-request-id` the service sent back, to quote when asking for support. */
  declare readonly requestId: string | undefined;
  /** Response headers, lower-cased. Never holds request headers, so never the API key. */
  declare readonly headers: Record<string, string>;

  constructor(message: string, init: { code: string; status?: number; headers?: Headers; cause?: unknown }) {
    // `init` doubles as ErrorOptions: Error only takes `cause` from it, and only when the key is present.
    super(message, init);
    this.code = init.code;
    this.status = init.status;
    this.headers = Object.fromEntries(init.headers ?? []);
    this.requestId = this.headers["x-request-id"];
  }

  /** What `JSON.stringify(error)` writes: every field above plus `message` (an Error's own is not enumerable). */
  toJSON() {
    const { name, code, message, status, requestId, headers } = this;
    return { name, code, message, status, requestId, headers };
  }
}

/** 400: a parameter or the body holds an invalid value. */
export class BadRequestError extends PetstoreError {
  override name = "BadRequestError";
}
/** 401: the API key is missing or invalid. */
export class AuthenticationError extends PetstoreError {
  override name = "AuthenticationError";
}
/** 404: the requested resource does not exist. */
export class NotFoundError extends PetstoreError {
  override name = "NotFoundError";
}
/** 429: too many requests; retried automatically, thrown once retries are used up. */
export class RateLimitError extends PetstoreError {
  override name = "RateLimitError";
}
/** 5xx: the service failed; retried automatically, thrown once retries are used up. */
export class InternalServerError extends PetstoreError {
  override name = "InternalServerError";
}
/** The request never got a response (DNS, refused connection, reset). */
export class ConnectionError extends PetstoreError {
  override name = "ConnectionError";
}
/** An attempt took longer than `timeout` and retries are used up. */
export class TimeoutError extends PetstoreError {
  override name = "TimeoutError";
}

/** Picks the error class for an HTTP status and reads `code`/`message` from the Error body when it has them. */
export function errorFromResponse(status: number, body: unknown, headers: Headers): PetstoreError {
  const Class =
    { 400: BadRequestError, 401: AuthenticationError, 404: NotFoundError, 429: RateLimitError }[status] ??
    (status >= 500 ? InternalServerError : PetstoreError);
  const fields = (body ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof fields.code === "string" ? fields.code : `http_${status}`;
  const requestId = headers.get("x-request-id");
  const detail = typeof fields.message === "string" ? fields.message : "no Petstore Error body.";
  return new Class(`${PREFIX}${status} ${code}: ${detail}${requestId ? ` (request id ${requestId})` : ""}`, { code, status, headers });
}
