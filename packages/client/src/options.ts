import type { Environment } from "@petstore/contract";
import type { DeprecationInfo } from "./deprecation";
import { invalid, rejectUnknownKeys } from "./internal/fail";

/** Where the API key comes from: the key itself, or a function returning it (called before every request). */
export type ApiKeySource = string | (() => string | Promise<string>);

/**
 * A fetch implementation the client can use. The second argument carries the signal that aborts the attempt on
 * timeout or on your `signal`; a function that drops it still times out, but cannot cancel the request in flight.
 */
export type FetchFunction = (request: Request, init: { signal: AbortSignal }) => Promise<Response>;

/** Options of `createPetstoreClient`. */
export interface PetstoreClientOptions {
  /** API key sent as `Authorization: Bearer …`, or a (sync or async) function returning it. Defaults to the `PETSTORE_API_KEY` environment variable. */
  apiKey?: ApiKeySource | undefined;
  /** Which of the contract's servers to call: `"production"` or `"staging"`. Defaults to `"production"`. */
  environment?: Environment | undefined;
  /** Base URL including `/v1`, for a local server or a proxy; cannot be combined with `environment`. Defaults to the environment's URL. */
  baseUrl?: string | undefined;
  /** How many times a failed attempt is retried (a non-negative integer). Defaults to 2. */
  maxRetries?: number | undefined;
  /** Milliseconds one attempt may take before it is aborted (and retried), at most 2147483647. Defaults to 60000. */
  timeout?: number | undefined;
  /** Headers added to every request. Defaults to none. */
  headers?: Record<string, string> | undefined;
  /** Receives each deprecation once per operation instead of the default warning (if it throws, the error goes to `console.error` and the call goes on); `false` silences them. Defaults to a process warning in Node and `console.warn` elsewhere. */
  onDeprecation?: ((info: DeprecationInfo) => void) | false | undefined;
  /** The fetch implementation, for proxies, tracing or tests: it receives a `Request` and `{ signal }`, so pass both on as `fetch(request, init)` does. Defaults to `globalThis.fetch`. */
  fetch?: FetchFunction | undefined;
  /** Advanced/testing: source of randomness for retry jitter, returning [0, 1). Defaults to `Math.random`. */
  random?: (() => number) | undefined;
  /** Advanced/testing: waits between retries; must reject with `signal.reason` when the signal aborts. Defaults to a `setTimeout` timer. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Advanced/testing: current time in epoch milliseconds, used to read `Retry-After` HTTP dates. Defaults to `Date.now`. */
  now?: (() => number) | undefined;
}

/** Options accepted as the last argument of every method; each overrides the client's option of the same name. */
export interface RequestOptions {
  /** Aborts the call, including retries and the wait between them; the call rejects with the signal's reason. Defaults to none. */
  signal?: AbortSignal | undefined;
  /** Milliseconds one attempt may take, at most 2147483647. Defaults to the client's `timeout`. */
  timeout?: number | undefined;
  /** How many times a failed attempt is retried. Defaults to the client's `maxRetries`. */
  maxRetries?: number | undefined;
  /** Headers added to this request. Defaults to none. */
  headers?: Record<string, string> | undefined;
  /** `Idempotency-Key` for a create (1–255 characters), reused on every retry. Defaults to an `Idempotency-Key` in `headers`, else a fresh `crypto.randomUUID()` per call. */
  idempotencyKey?: string | undefined;
}

/** The retry and timeout settings of one call, after defaults are applied. */
export interface RetrySettings {
  maxRetries: number;
  timeout: number;
  random: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
}

// One handler for both ends of the wait: the timer (resolve) and the signal (reject with its reason).
const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      if (signal?.aborted) reject(signal.reason);
      else resolve();
    };
    const timer = setTimeout(done, signal?.aborted ? 0 : ms);
    signal?.addEventListener("abort", done);
  });

/** Every key of `PetstoreClientOptions`; anything else is a typo (test/types.test-d.ts keeps the list complete). */
export const CLIENT_OPTION_KEYS = ["apiKey", "environment", "baseUrl", "maxRetries", "timeout", "headers", "onDeprecation", "fetch", "random", "sleep", "now"] as const;
/** Every key of `RequestOptions`. */
export const REQUEST_OPTION_KEYS = ["signal", "timeout", "maxRetries", "headers", "idempotencyKey"] as const;

const MAX_TIMEOUT = 2_147_483_647; // setTimeout fires at once beyond this (about 24.8 days)

function checkHeaders(name: string, headers: unknown): void {
  try {
    if (headers === undefined || (typeof headers === "object" && !Array.isArray(headers) && new Headers(headers as Record<string, string>))) return;
  } catch {}
  invalid(name, "an object of header names and values that fetch accepts", headers);
}

/** Rejects client options the SDK would otherwise ignore or fail on later; the numbers are checked by `retrySettings`. */
export function checkClientOptions(options: PetstoreClientOptions): void {
  if (!options || typeof options !== "object") invalid("createPetstoreClient options", "an object such as { apiKey }", options);
  rejectUnknownKeys("option", options, CLIENT_OPTION_KEYS);
  checkHeaders("headers", options.headers);
  for (const name of ["fetch", "random", "sleep", "now", "onDeprecation"] as const) {
    const value = options[name];
    if (!(value === undefined || typeof value === "function" || (value === false && name === "onDeprecation"))) invalid(name, "a function", value);
  }
}

/** Rejects request options that are misspelt or malformed, before anything is sent. */
export function checkRequestOptions(call: RequestOptions): void {
  if (!call || typeof call !== "object") invalid("request options", "an object such as { timeout: 5000 }", call);
  rejectUnknownKeys("request option", call, REQUEST_OPTION_KEYS);
  const { signal, idempotencyKey } = call;
  if (signal !== undefined && typeof (signal as Partial<AbortSignal> | null)?.addEventListener !== "function") {
    invalid("signal", "an AbortSignal (controller.signal, not the controller)", signal);
  }
  checkHeaders("headers", call.headers);
  // The contract's 1–255 characters, each one a header value can carry.
  if (idempotencyKey !== undefined && !(typeof idempotencyKey === "string" && /^[\t\x20-\x7e\x80-\xff]{1,255}$/.test(idempotencyKey))) {
    invalid("idempotencyKey", "1 to 255 characters a header can carry", idempotencyKey);
  }
}

/** Merges the client's and a call's options with the defaults: the one place defaults live. */
export function retrySettings(client: PetstoreClientOptions, call: RequestOptions = {}): RetrySettings {
  const maxRetries = call.maxRetries ?? client.maxRetries ?? 2;
  const timeout = call.timeout ?? client.timeout ?? 60_000;
  if (!(Number.isInteger(maxRetries) && maxRetries >= 0)) invalid("maxRetries", "an integer of 0 or more", maxRetries);
  if (!(typeof timeout === "number" && timeout > 0 && timeout <= MAX_TIMEOUT)) invalid("timeout", `a positive number of milliseconds up to ${MAX_TIMEOUT}`, timeout);
  return {
    maxRetries,
    timeout,
    random: client.random ?? Math.random,
    sleep: client.sleep ?? defaultSleep,
    now: client.now ?? Date.now,
  };
}
