import type { DeprecationInfo } from "./deprecation";
import { checkIdempotencyKey, type IdempotencyKeyOption, type ServerOptions } from "./generated/options";
import { type Check, checkObject, fail, invalid } from "./internal/fail";
import { LOG_LEVELS, type LogLevel, type Logger, logRank } from "./internal/log";

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

/**
 * Options of `createPetstoreClient`: `environment` or `baseUrl` (giving both does not type-check, and throws at run
 * time), and the options below.
 */
export type PetstoreClientOptions = CommonClientOptions & ServerOptions;

/** The options of `createPetstoreClient` other than `environment` and `baseUrl`. */
export interface CommonClientOptions {
  /** API key sent as `Authorization: Bearer …`, or a (sync or async) function returning it, bounded by `timeout`. Defaults to the `PETSTORE_API_KEY` environment variable. */
  apiKey?: ApiKeySource | undefined;
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
  /** In a browser page the first client warns that every visitor can read its key; `true` says the key is meant to be public and silences that. Defaults to `false`. */
  dangerouslyAllowBrowser?: boolean | undefined;
  /** Advanced/testing: source of randomness for retry jitter, returning [0, 1). Defaults to `Math.random`. */
  random?: (() => number) | undefined;
  /** Advanced/testing: waits between retries; must reject with `signal.reason` when the signal aborts. Defaults to a `setTimeout` timer. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Advanced/testing: current time in epoch milliseconds, used to read `Retry-After` HTTP dates and to time attempts in debug lines. Defaults to `Date.now`. */
  now?: (() => number) | undefined;
}

/** Query parameter values `query` accepts; an array repeats the name. */
export type QueryValue = string | number | boolean | readonly (string | number | boolean)[] | undefined;

/**
 * Options accepted as the last argument of every method; each overrides the client's option of the same name.
 * `idempotencyKey` and its rule come from the contract's `Idempotency-Key` header (`IdempotencyKeyOption`).
 */
export interface RequestOptions extends IdempotencyKeyOption {
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
}

/** The default `sleep`: resolves when the wait is over or the signal aborts; the call then throws the signal's reason. */
export const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, signal?.aborted ? 0 : ms);
    signal?.addEventListener("abort", done);
  });

/** Turns the `headers` option (`HeadersInit`) into a plain object with lower-cased names, or fails with a TypeError. */
export function headerRecord(headers: unknown): Record<string, string> {
  // Absent headers are none, without making a `Headers` (every call without headers comes here).
  if (headers === undefined) return {};
  let record: Record<string, string> | undefined;
  try {
    // `Headers` refuses null and every primitive itself, but would read a function's properties as headers.
    if (typeof headers !== "function") record = Object.fromEntries(new Headers(headers as HeadersInit));
  } catch {}
  if (!record) return invalid("headers", "a HeadersInit", headers);
  const key = record["idempotency-key"];
  if (key !== undefined) checkIdempotencyKey("headers idempotency-key", key);
  return record;
}

const isFunction: Check = (name, value) => typeof value === "function" || invalid(name, "a function", value);

// Beyond 10 retries a call can hammer a failing service for minutes; nobody means that.
const checkRetries: Check = (name, value) =>
  (Number.isSafeInteger(value) && value >= 0 && value <= 10) || invalid(name, "an integer from 0 to 10", value);

// setTimeout fires at once beyond 2147483647 ms (about 24.8 days).
const checkTimeout: Check = (name, value) =>
  (typeof value === "number" && value > 0 && value <= 2_147_483_647) ||
  invalid(name, "a positive number of ms up to 2147483647", value);

/**
 * Every option with its check, in the order the unknown-option message lists them; 0 where the option is checked
 * where it is used (`apiKey`, `environment`, `baseUrl` and `headers` when the client is made).
 */
export const CLIENT_OPTIONS = {
  apiKey: 0,
  environment: 0,
  baseUrl: 0,
  maxRetries: checkRetries,
  timeout: checkTimeout,
  // Checked as the client's headers are made.
  headers: 0,
  onDeprecation: (name, value) => value === false || isFunction(name, value),
  fetch: isFunction,
  fetchOptions: (name, value) => {
    checkObject(name, value);
    for (const key of ["method", "headers", "body", "signal"]) {
      if (key in value) fail(`${name} cannot set ${key}; use the client's options.`);
    }
  },
  logLevel: logRank,
  logger: (name, value) =>
    (value && LOG_LEVELS.slice(1).every((level) => typeof value[level] === "function")) ||
    invalid(name, `an object with ${LOG_LEVELS.slice(1)} methods`, value),
  dangerouslyAllowBrowser: (name, value) => typeof value === "boolean" || invalid(name, "true or false", value),
  random: isFunction,
  sleep: isFunction,
  now: isFunction,
} satisfies Record<keyof PetstoreClientOptions, Check | 0>;

/** Every request option with its check; 0 where the option is checked where it is used. */
export const REQUEST_OPTIONS = {
  signal: (name, value) => typeof value?.addEventListener === "function" || invalid(name, "an AbortSignal", value),
  timeout: checkTimeout,
  maxRetries: checkRetries,
  // Checked as the request's headers are made.
  headers: 0,
  // Its values are checked as the query string is written.
  query: checkObject,
  idempotencyKey: checkIdempotencyKey,
} satisfies Record<keyof RequestOptions, Check | 0>;
