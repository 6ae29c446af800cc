import { servers, type Pet } from "@petstore/contract";
import { checkMilliseconds, checkOptionsObject, describeValue } from "./internal/check";
import { checkJournalSize, DEFAULT_JOURNAL_SIZE } from "./journal";

/** Options of `createPetstoreHandlers`. */
export interface PetstoreMockOptions {
  /** Pets the store starts with, and returns to on `store.reset()`. Defaults to none. */
  pets?: readonly Pet[] | undefined;
  /** Bearer tokens accepted as API keys; any other token is a 401. Defaults to any non-empty bearer token. */
  apiKeys?: readonly string[] | undefined;
  /** Base URLs the handlers answer under, each including its `/v1`. Defaults to the contract's production and staging URLs. */
  baseUrls?: readonly string[] | undefined;
  /** Delay before every response: milliseconds, or an MSW `delay` mode (`"real"`, `"infinite"`). Defaults to none. */
  latency?: number | "real" | "infinite" | undefined;
  /** The clock of the idempotency window (24 h), in epoch milliseconds. Defaults to `Date.now()` at each request, so fake timers that replace `Date` move it. */
  now?: (() => number) | undefined;
  /** How many requests `requests` keeps, the newest (each body up to 16 KiB); 0 keeps none. Defaults to 1000. */
  journalSize?: number | undefined;
}

/** The options of `createPetstoreHandlers`, with defaults applied and checked. */
export interface ResolvedOptions {
  pets: readonly Pet[];
  apiKeys: readonly string[] | undefined;
  baseUrls: readonly string[];
  latency: number | "real" | "infinite" | undefined;
  now: () => number;
  journalSize: number;
}

/** The contract's environment URLs: the default `baseUrls` (frozen, since every handler set shares it). */
export const defaultBaseUrls: readonly string[] = Object.freeze(Object.values(servers));

/** The option names of `createPetstoreHandlers`; other entries that make a handler set build on them. */
export const HANDLER_OPTION_NAMES = ["pets", "apiKeys", "baseUrls", "latency", "now", "journalSize"];

/** Checks base URLs and drops trailing slashes: `https://x.test/v1/` → `https://x.test/v1`. */
export function normalizeBaseUrls(baseUrls: readonly string[] | undefined): readonly string[] {
  if (baseUrls === undefined) return defaultBaseUrls;
  if (!Array.isArray(baseUrls) || baseUrls.length === 0) {
    throw new TypeError(
      `[@petstore/mock] baseUrls must be a non-empty array of absolute URLs such as ["http://localhost:3000/v1"], got ${describeValue(baseUrls)}`,
    );
  }
  return baseUrls.map((raw: unknown) => {
    let url: URL;
    try {
      url = new URL(raw as string);
    } catch {
      throw new TypeError(
        `[@petstore/mock] baseUrls entry ${describeValue(raw)} is not an absolute URL; use e.g. "http://localhost:3000/v1"`,
      );
    }
    // Other schemes have an opaque origin ("null"), so no request could ever match them.
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new TypeError(`[@petstore/mock] baseUrls entry ${describeValue(raw)} must be an http: or https: URL`);
    }
    if (url.search || url.hash)
      throw new TypeError(`[@petstore/mock] baseUrls entry ${describeValue(raw)} must not have a query or fragment`);
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  });
}

/** Merges `options` with the defaults: the one place defaults live. */
export function resolveOptions(options: PetstoreMockOptions = {}): ResolvedOptions {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError(
      `[@petstore/mock] createPetstoreHandlers takes an options object such as { pets: [...] }, got ${describeValue(options)}`,
    );
  }
  // A misspelt option (`apiKey`, `baseUrl`) would otherwise be ignored and the handlers would answer with defaults.
  checkOptionsObject("createPetstoreHandlers", options, HANDLER_OPTION_NAMES);
  const { apiKeys, latency } = options;
  // The service trims the bearer token it receives, so a key with surrounding spaces could never match.
  if (
    apiKeys !== undefined &&
    (!Array.isArray(apiKeys) ||
      apiKeys.length === 0 ||
      apiKeys.some((key) => typeof key !== "string" || key.trim() === "" || key.trim() !== key))
  ) {
    throw new TypeError(
      "[@petstore/mock] apiKeys must be a non-empty array of non-empty strings without surrounding spaces; leave it out to accept any bearer token",
    );
  }
  if (options.pets === null)
    throw new TypeError(
      "[@petstore/mock] the `pets` option must be an array of Pet objects, got null; leave it out for an empty store",
    );
  if (latency !== undefined && latency !== "real" && latency !== "infinite") {
    if (typeof latency !== "number")
      throw new TypeError(
        `[@petstore/mock] latency must be milliseconds, "real" or "infinite", got ${describeValue(latency)}`,
      );
    checkMilliseconds("latency", latency);
  }
  if (options.now !== undefined && typeof options.now !== "function") {
    throw new TypeError(
      `[@petstore/mock] now must be a function returning epoch milliseconds, such as () => Date.now(), got ${describeValue(options.now)}`,
    );
  }
  // Looked up on each call: a `Date.now` captured here would escape fake timers installed after the handlers exist.
  const now = options.now ?? (() => Date.now());
  const journalSize = options.journalSize === undefined ? DEFAULT_JOURNAL_SIZE : checkJournalSize(options.journalSize);
  return {
    pets: options.pets ?? [],
    apiKeys,
    baseUrls: normalizeBaseUrls(options.baseUrls),
    latency,
    now,
    journalSize,
  };
}
