// Kept free of imports: an app that imports only an error class pays for this file alone.

// A global brand, so an error thrown by one copy of the SDK (the CJS build, a second install) passes `instanceof`
// against another's classes: each class's `name` getter is what `instanceof` compares along the prototype chain.
const BRAND = Symbol.for("@petstore/client/error");

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

type ToNumber<S> = S extends `${infer N extends number}` ? N : never;

/** The statuses an `InternalServerError` can have: 500 to 599. */
export type ServerErrorStatus = ToNumber<`5${Digit}${Digit}`>;

/** What an SDK error is built from. */
export interface PetstoreErrorInit {
  code: string;
  status?: number | undefined;
  headers?: Headers | undefined;
  body?: unknown;
  cause?: unknown;
}

/** Base class of every error the SDK throws for a failed request or a bad configuration. */
export class PetstoreError extends Error {
  /** Machine-readable code: the service's `code`, or one the SDK sets (`connection_error`, `timeout`, …). */
  declare readonly code: string;
  /** HTTP status of the response, when there was one. */
  declare readonly status: number | undefined;
  /** The `x-request-id` the service sent back, to quote when asking for support. */
  declare readonly requestId: string | undefined;
  /** Response headers, lower-cased. Never holds request headers, so never the API key. */
  declare readonly headers: Record<string, string>;
  /** The response body: its JSON when it parses, else its first 500 characters; undefined without a response. */
  declare readonly body: unknown;
  /** On a create that may have been applied: the `Idempotency-Key` to repeat the call with, so no second pet is made. */
  declare idempotencyKey?: string;
  /** When the server asked to wait longer than the SDK waits by itself (60 s): that wait in milliseconds. */
  declare retryAfterMs?: number;

  constructor(message: string, init: PetstoreErrorInit) {
    // `init` doubles as ErrorOptions: Error only takes `cause` from it, and only when the key is present.
    super(message, init);
    const headers = Object.fromEntries(init.headers ?? []);
    // `init`'s `cause` lands on the property Error made, which stays non-enumerable; `status` is always an own field.
    Object.assign(this, init, { status: init.status, headers, requestId: headers["x-request-id"] });
  }

  // A getter on the prototype, not a field: minifiers rename classes, and `instanceof` reads it across copies.
  override get name(): string {
    return "PetstoreError";
  }

  get [BRAND](): true {
    return true;
  }

  /** `instanceof` that also recognises errors made by another copy of the SDK (CJS and ESM builds, two installs). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // Walks the prototypes of `value` (a falsy value has none worth walking). A prototype without a name of its own
    // inherits one from further up the chain, which the walk reaches too.
    for (; (value = value && Object.getPrototypeOf(value)); ) {
      // biome-ignore lint/complexity/noThisInStatic: `this` is the class on the right of `instanceof`, a subclass too
      if ((value as { [BRAND]?: true })[BRAND] && (value as Error).name === this.prototype.name) return true;
    }
    return false;
  }

  /** What `JSON.stringify(error)` writes: every field above plus `message` (an Error's own is not enumerable). */
  toJSON() {
    // Own fields only: `cause` (which may hold anything) is not enumerable, and neither request headers nor the key are kept.
    return { ...this, name: this.name, message: this.message };
  }
}

/** 400: a parameter or the body holds an invalid value. */
export class BadRequestError extends PetstoreError {
  /** Always 400. */
  declare readonly status: 400;
  override get name() {
    return "BadRequestError";
  }
}
/** 401: the API key is missing or invalid. */
export class AuthenticationError extends PetstoreError {
  /** Always 401. */
  declare readonly status: 401;
  override get name() {
    return "AuthenticationError";
  }
}
/** 403: the key is valid but may not do this. */
export class PermissionDeniedError extends PetstoreError {
  /** Always 403. */
  declare readonly status: 403;
  override get name() {
    return "PermissionDeniedError";
  }
}
/** 404: the requested resource does not exist. */
export class NotFoundError extends PetstoreError {
  /** Always 404. */
  declare readonly status: 404;
  override get name() {
    return "NotFoundError";
  }
}
/** 409: the request conflicts with the resource's state (such as the same Idempotency-Key still in flight); retried automatically. */
export class ConflictError extends PetstoreError {
  /** Always 409. */
  declare readonly status: 409;
  override get name() {
    return "ConflictError";
  }
}
/** 422: the request is well-formed but cannot be processed. */
export class UnprocessableEntityError extends PetstoreError {
  /** Always 422. */
  declare readonly status: 422;
  override get name() {
    return "UnprocessableEntityError";
  }
}
/** 429: too many requests; retried automatically, thrown once retries are used up. */
export class RateLimitError extends PetstoreError {
  /** Always 429. */
  declare readonly status: 429;
  override get name() {
    return "RateLimitError";
  }
}
/** 5xx: the service failed; retried automatically, thrown once retries are used up. */
export class InternalServerError extends PetstoreError {
  /** The 5xx status the service answered with. */
  declare readonly status: ServerErrorStatus;
  override get name() {
    return "InternalServerError";
  }
}
/** The request never got a whole response (DNS, refused connection, reset); the message names the root cause code. */
export class ConnectionError extends PetstoreError {
  /** There was no response, so no status. */
  declare readonly status: undefined;
  override get name() {
    return "ConnectionError";
  }
}
/** An attempt took longer than `timeout` and retries are used up. */
export class TimeoutError extends PetstoreError {
  /** There was no response in time, so no status. */
  declare readonly status: undefined;
  override get name() {
    return "TimeoutError";
  }
}
