import type { Environment } from "@petstore/contract";
import type { DeprecationInfo } from "./deprecation";
import { invalid, PREFIX, rejectUnknownKeys } from "./internal/fail";
import type { LogLevel, Logger } from "./internal/log";

/** Where the API key comes from: the key itself, or a function returning it (called before every attempt). */
export type ApiKeySource = string | (() => string | Promise<string>);

/** The `init` the SDK passes to `fetch`: `fetchOptions`, then method, headers (a plain object), body and the attempt's signal. */
export interface FetchInit extends RequestInit {
  method: string;
  headers: Record<string, string>;
  signal: AbortSignal;
}

/**
 * A fetch implementation: called as `fetch(url, init)` with the URL as a string, never a `Request`, so the global
 * fetch, undici's, node-fetch and cross-fetch all fit. Pass `init` on whole: its signal aborts the attempt on timeout.
 */
export type FetchFunction = (url: string, init: FetchInit) => Promise<Response>;

/** Fields merged into every `init` given to `fetch`, such as undici's `dispatcher`; method, headers, body and signal are the SDK's. */
export type FetchOptions = Omit<RequestInit, "method" | "headers" | "body" | "signal"> & Record<string, unknown>;

/** Options of `createPetstoreClient`. */
export interface PetstoreClientOptions {
  /** API key sent as `Authorization: Bearer …`, or a (sync or async) function returning it, bounded by `timeout`. Defaults to the `PETSTORE_API_KEY` environment variable. */
  apiKey?: ApiKeySource | undefined;
  /** Which of the contract's servers to call: `"production"` or `"staging"`. Defaults to `"production"`. */
  environment?: Environment | undefined;
  /** Base URL including `/v1`, for a local server or a proxy; cannot be combined with `environment`. Defaults to the environment's URL. */
  baseUrl?: string | undefined;
  /** How many times a failed attempt is retried, an integer from 0 to 10. Defaults to 2. */
  maxRetries?: number | undefined;
  /** Milliseconds one attempt (the key function, the request and reading the body) may take, at most 2147483647. Defaults to 60000. */
  timeout?: number | undefined;
  /** Headers added to every request (a `User-Agent` here replaces the SDK's). Defaults to none. */
  headers?: HeadersInit | undefined;
  /** Receives each deprecation once instead of the default warning (if it throws, the error is logged and the call goes on); `false` silences them. Defaults to a process warning in Node and `console.warn` elsewhere. */
  onDeprecation?: ((info: DeprecationInfo) => void) | false | undefined;
  /** The fetch implementation, called as `fetch(url, init)`, for proxies, tracing, token refresh and tests. Defaults to `globalThis.fetch`, looked up per call. */
  fetch?: FetchFunction | undefined;
  /** Merged into every `init` given to `fetch`, e.g. `{ dispatcher }` for an undici proxy agent. Defaults to none. */
  fetchOptions?: FetchOptions | undefined;
  /** Least severe log level written: `"off"`, `"error"`, `"warn"`, `"info"` or `"debug"` (method, URL, status, attempt, duration, request id). Defaults to the `PETSTORE_LOG` environment variable, else `"warn"`. */
  logLevel?: LogLevel | undefined;
  /** Where log lines go: an object with `error`, `warn`, `info` and `debug` methods. Defaults to `console`. */
  logger?: Logger | undefined;
  /** Advanced/testing: source of randomness for retry jitter, returning [0, 1). Defaults to `Math.random`. */
  random?: (() => number) | undefined;
  /** Advanced/testing: waits between retries; must reject with `signal.reason` when the signal aborts. Defaults to a `setTimeout` timer. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Advanced/testing: current time in epoch milliseconds, used to read `Retry-After` HTTP dates. Defaults to `Date.now`. */
  now?: (() => number) | undefined;
}

/** Query parameter values `query` accepts; an array repeats the name. */
export type QueryValue = string | number | boolean | readonly (string | number | boolean)[] | undefined;

/** Options accepted as the last argument of every method; each overrides the client's option of the same name. */
export interface RequestOptions {
  /** Aborts the call, including retries and the wait between them; the call rejects with the signal's reason. Defaults to none. */
  signal?: AbortSignal | undefined;
  /** Milliseconds one attempt may take, at most 2147483647. Defaults to the client's `timeout`. */
  timeout?: number | undefined;
  /** How many times a failed attempt is retried, 0 to 10. Defaults to the client's `maxRetries`. */
  maxRetries?: number | undefined;
  /** Headers added to this request, over the client's. Defaults to none. */
  headers?: HeadersInit | undefined;
  /** Extra query parameters, for ones this SDK version does not know yet. Defaults to none. */
  query?: Record<string, QueryValue> | undefined;
  /** `Idempotency-Key` for a create (1–255 characters), reused on every retry. Defaults to an `Idempotency-Key` in `headers`, else a fresh random UUID per call. */
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
export const CLIENT_OPTION_KEYS = [
  "apiKey",
  "environment",
  "baseUrl",
  "maxRetries",
  "timeout",
  "headers",
  "onDeprecation",
  "fetch",
  "fetchOptions",
  "logLevel",
  "logger",
  "random",
  "sleep",
  "now",
] as const;
/** Every key of `RequestOptions`. */
export const REQUEST_OPTION_KEYS = ["signal", "timeout", "maxRetries", "headers", "query", "idempotencyKey"] as const;
/** The log levels, least verbose first. */
const LOG_LEVELS = ["off", "error", "warn", "info", "debug"] as const;

const MAX_TIMEOUT = 2_147_483_647; // setTimeout fires at once beyond this (about 24.8 days)
/** Beyond this many retries a call can hammer a failing service for minutes; nobody means that. */
const MAX_RETRIES = 10;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]{1,255}$/;

/** Turns `HeadersInit` into a plain object with lower-cased names, or fails with a TypeError naming the option. */
export function headerRecord(name: string, headers: unknown): Record<string, string> {
  const record: Record<string, string> = {};
  try {
    if (headers === undefined) return record;
    if (headers && typeof headers === "object") {
      new Headers(headers as HeadersInit).forEach((value, key) => {
        record[key] = value;
      });
      const key = record["idempotency-key"];
      if (key !== undefined && !HEADER_VALUE.test(key)) invalid(`${name} Idempotency-Key`, "1 to 255 characters", key);
      return record;
    }
  } catch (error) {
    if (error instanceof TypeError && error.message.startsWith(PREFIX)) throw error;
  }
  return invalid(name, "a HeadersInit (Headers, [name, value] pairs or an object)", headers);
}

/** Rejects client options the SDK would otherwise ignore or fail on later; the numbers are checked by `retrySettings`. */
export function checkClientOptions(options: PetstoreClientOptions): void {
  if (!options || typeof options !== "object")
    invalid("createPetstoreClient options", "an object such as { apiKey }", options);
  rejectUnknownKeys("option", options, CLIENT_OPTION_KEYS);
  headerRecord("headers", options.headers);
  for (const name of ["fetch", "random", "sleep", "now", "onDeprecation"] as const) {
    const value = options[name];
    if (!(value === undefined || typeof value === "function" || (value === false && name === "onDeprecation")))
      invalid(name, "a function", value);
  }
  const { fetchOptions, logLevel, logger } = options;
  if (fetchOptions !== undefined) {
    if (!fetchOptions || typeof fetchOptions !== "object") invalid("fetchOptions", "an object", fetchOptions);
    for (const key of ["method", "headers", "body", "signal"]) {
      if (key in fetchOptions)
        throw new TypeError(
          `${PREFIX}fetchOptions cannot set ${key}; the SDK does (use the headers and signal options).`,
        );
    }
  }
  if (logLevel !== undefined && !LOG_LEVELS.includes(logLevel))
    invalid("logLevel", `one of "${LOG_LEVELS.join('", "')}"`, logLevel);
  if (
    logger !== undefined &&
    !(
      logger &&
      ["error", "warn", "info", "debug"].every(
        (level) => typeof (logger as unknown as Record<string, unknown>)[level] === "function",
      )
    )
  ) {
    invalid("logger", "an object with error, warn, info and debug methods", logger);
  }
}

/** Rejects request options that are misspelt or malformed, before anything is sent. */
export function checkRequestOptions(call: RequestOptions): void {
  if (!call || typeof call !== "object") invalid("request options", "an object such as { timeout: 5000 }", call);
  rejectUnknownKeys("request option", call, REQUEST_OPTION_KEYS);
  const { signal, idempotencyKey, query } = call;
  if (signal !== undefined && typeof (signal as Partial<AbortSignal> | null)?.addEventListener !== "function") {
    invalid("signal", "an AbortSignal (controller.signal, not the controller)", signal);
  }
  // The contract's 1–255 characters, each one a header value can carry.
  if (idempotencyKey !== undefined && !(typeof idempotencyKey === "string" && HEADER_VALUE.test(idempotencyKey))) {
    invalid("idempotencyKey", "1 to 255 characters a header can carry", idempotencyKey);
  }
  if (query !== undefined) {
    if (!query || typeof query !== "object" || Array.isArray(query)) invalid("query", "an object", query);
    for (const [name, value] of Object.entries(query)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (!(item === undefined || ["string", "number", "boolean"].includes(typeof item)))
          invalid(`query.${name}`, "a string, number, boolean or array", item);
      }
    }
  }
}

/** Merges the client's and a call's options with the defaults: the one place defaults live. */
export function retrySettings(client: PetstoreClientOptions, call: RequestOptions = {}): RetrySettings {
  const maxRetries = call.maxRetries ?? client.maxRetries ?? 2;
  const timeout = call.timeout ?? client.timeout ?? 60_000;
  if (!(Number.isInteger(maxRetries) && maxRetries >= 0 && maxRetries <= MAX_RETRIES))
    invalid("maxRetries", `an integer from 0 to ${MAX_RETRIES}`, maxRetries);
  if (!(typeof timeout === "number" && timeout > 0 && timeout <= MAX_TIMEOUT))
    invalid("timeout", `a positive number of milliseconds up to ${MAX_TIMEOUT}`, timeout);
  return {
    maxRetries,
    timeout,
    random: client.random ?? Math.random,
    sleep: client.sleep ?? defaultSleep,
    now: client.now ?? Date.now,
  };
}
