import type { Environment } from "@petstore/contract";
import type { DeprecationInfo } from "./deprecation";
import { invalid } from "./internal/fail";

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
  /** Milliseconds one attempt may take before it is aborted (and retried). Defaults to 60000. */
  timeout?: number | undefined;
  /** Headers added to every request. Defaults to none. */
  headers?: Record<string, string> | undefined;
  /** Receives each deprecation once per operation instead of the default warning; `false` silences them. Defaults to a process warning in Node and `console.warn` elsewhere. */
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
  /** Milliseconds one attempt may take. Defaults to the client's `timeout`. */
  timeout?: number | undefined;
  /** How many times a failed attempt is retried. Defaults to the client's `maxRetries`. */
  maxRetries?: number | undefined;
  /** Headers added to this request. Defaults to none. */
  headers?: Record<string, string> | undefined;
  /** `Idempotency-Key` for a create, reused on every retry. Defaults to a fresh `crypto.randomUUID()` per call. */
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

/** Merges the client's and a call's options with the defaults: the one place defaults live. */
export function retrySettings(client: PetstoreClientOptions, call: RequestOptions = {}): RetrySettings {
  const maxRetries = call.maxRetries ?? client.maxRetries ?? 2;
  const timeout = call.timeout ?? client.timeout ?? 60_000;
  if (!(Number.isInteger(maxRetries) && maxRetries >= 0)) invalid("maxRetries", "an integer of 0 or more", maxRetries);
  if (!(timeout > 0)) invalid("timeout", "a positive number of milliseconds", timeout);
  return {
    maxRetries,
    timeout,
    random: client.random ?? Math.random,
    sleep: client.sleep ?? defaultSleep,
    now: client.now ?? Date.now,
  };
}
