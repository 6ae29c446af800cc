import { apiKeyResolver } from "../api-key";
import { deprecationReporter } from "../deprecation";
import { resolveBaseUrl } from "../environments";
import { CLIENT_ID } from "../generated/version";
import { CLIENT_OPTIONS, headerRecord, type PetstoreClientOptions } from "../options";
import { deprecationCheck, type DeprecationCheck, type Naming } from "./deprecations";
import { createExchange, type Send } from "./exchange";
import { checkOptions, fail, PREFIX } from "./fail";
import { LOG_LEVELS, type Log, logRank } from "./log";
import type { Deprecations } from "./operation-spec";
import { nodeProcess, readEnv, warnedInProcess } from "./runtime";

/** What every request of a client shares, prepared once (a tuple: nothing here is public, and indexes cost no bytes). */
export type Context = [
  baseUrl: string,
  /** `User-Agent` and the client's headers, lower-cased; a request's headers go over them. */
  headers: Record<string, string>,
  /** Sends a request with the client's key, retries, timeout and logging. */
  send: Send,
  check: DeprecationCheck,
];

/** Checks the options and prepares what every request of one client shares; throws at once on a bad option. */
export function createContext(options: PetstoreClientOptions, naming: Naming, deprecations: Deprecations): Context {
  checkOptions("createPetstoreClient option", options, CLIENT_OPTIONS);
  const baseUrl = resolveBaseUrl(options.environment, options.baseUrl);
  const apiKey = apiKeyResolver(options.apiKey);
  // The fetch option is checked with the others.
  if (!options.fetch && typeof fetch !== "function") fail("No global fetch: pass the fetch option.");
  const g = globalThis as { Bun?: unknown; Deno?: unknown; document?: unknown; navigator?: { userAgent?: string } };
  const node = nodeProcess()?.versions?.node;
  // The runtime for `User-Agent`: Bun's and Deno's own `navigator.userAgent` (`Bun/1.2.3`, `Deno/2.1.4`) first (both
  // also define `process.versions.node`), else `node/…`; none in browsers, where the browser sets `User-Agent` itself.
  const runtime = g.Bun || g.Deno ? g.navigator?.userAgent : node && !("document" in g) && `node/${node}`;
  // The client's log: `logLevel`, else `PETSTORE_LOG`, else `"warn"`, written to `logger` (default `console`).
  const max = logRank("PETSTORE_LOG", options.logLevel ?? (readEnv("PETSTORE_LOG") || "warn"));
  const log: Log = (at, message) => {
    if (LOG_LEVELS.indexOf(at) <= max)
      (options.logger ?? console)[at](PREFIX + (typeof message === "string" ? message : message()));
  };
  // A browser page, where every visitor can read what the page holds: `document` and `navigator` exist (workers, Node,
  // Deno and edge runtimes have no `document`), and the user agent is no DOM emulation for tests (jsdom and happy-dom
  // name themselves in it).
  if (
    !options.dangerouslyAllowBrowser &&
    g.document &&
    g.navigator &&
    !/jsdom|happydom/i.test(`${g.navigator.userAgent}`) &&
    !warnedInProcess.has("browser")
  ) {
    warnedInProcess.add("browser");
    log(
      "warn",
      "This page holds an API key that every visitor can read. Use a backend proxy, or pass dangerouslyAllowBrowser: true for a public key.",
    );
  }
  return [
    baseUrl,
    // A caller's User-Agent wins; browsers set their own and refuse ours.
    { ...(runtime && { "user-agent": `${CLIENT_ID} ${runtime}` }), ...headerRecord(options.headers) },
    createExchange(options, log, apiKey),
    deprecationCheck(deprecationReporter(options.onDeprecation, log), naming, deprecations),
  ];
}
