import { servers, type Pet } from "@petstore/contract";

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
}

/** The options of `createPetstoreHandlers`, with defaults applied and checked. */
export interface ResolvedOptions {
  pets: readonly Pet[];
  apiKeys: readonly string[] | undefined;
  baseUrls: readonly string[];
  latency: number | "real" | "infinite" | undefined;
}

/** The contract's environment URLs: the default `baseUrls`. */
export const defaultBaseUrls: readonly string[] = Object.values(servers);

/** Checks base URLs and drops trailing slashes: `https://x.test/v1/` → `https://x.test/v1`. */
export function normalizeBaseUrls(baseUrls: readonly string[] | undefined): readonly string[] {
  if (baseUrls === undefined) return defaultBaseUrls;
  if (!Array.isArray(baseUrls) || baseUrls.length === 0) {
    throw new TypeError("[@petstore/mock] baseUrls must be a non-empty array of absolute URLs such as \"http://localhost:3000/v1\"");
  }
  return baseUrls.map((raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new TypeError(`[@petstore/mock] baseUrls entry ${JSON.stringify(raw)} is not an absolute URL; use e.g. "http://localhost:3000/v1"`);
    }
    if (url.search || url.hash) throw new TypeError(`[@petstore/mock] baseUrls entry ${JSON.stringify(raw)} must not have a query or fragment`);
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  });
}

/** Merges `options` with the defaults: the one place defaults live. */
export function resolveOptions(options: PetstoreMockOptions = {}): ResolvedOptions {
  const { apiKeys, latency } = options;
  if (apiKeys !== undefined && (!Array.isArray(apiKeys) || apiKeys.length === 0 || apiKeys.some((key) => typeof key !== "string" || key.trim() === ""))) {
    throw new TypeError("[@petstore/mock] apiKeys must be a non-empty array of non-empty strings; leave it out to accept any bearer token");
  }
  if (latency !== undefined && latency !== "real" && latency !== "infinite" && !(typeof latency === "number" && latency >= 0)) {
    throw new TypeError(`[@petstore/mock] latency must be milliseconds (0 or more), "real" or "infinite", got ${JSON.stringify(latency)}`);
  }
  return { pets: options.pets ?? [], apiKeys, baseUrls: normalizeBaseUrls(options.baseUrls), latency };
}
