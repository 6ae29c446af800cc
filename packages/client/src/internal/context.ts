import { apiKeyResolver } from "../api-key";
import { deprecationReporter } from "../deprecation";
import { resolveBaseUrl } from "../environments";
import { VERSION } from "../generated/version";
import { checkClientOptions, headerRecord, retrySettings, type PetstoreClientOptions } from "../options";
import { deprecationCheck, type DeprecationCheck, type Naming } from "./deprecations";
import type { Context } from "./exchange";
import { PREFIX } from "./fail";
import { createLog } from "./log";
import { runtimeName } from "./runtime";

/** Checks the options and prepares what every request of one client shares; throws at once on a bad option. */
export function createContext(options: PetstoreClientOptions, naming: Naming): Context & { check: DeprecationCheck } {
  checkClientOptions(options);
  const baseUrl = resolveBaseUrl(options.environment, options.baseUrl);
  const apiKey = apiKeyResolver(options.apiKey);
  if (typeof (options.fetch ?? globalThis.fetch) !== "function") {
    throw new TypeError(`${PREFIX}No global fetch: pass createPetstoreClient({ fetch }).`);
  }
  const client = `@petstore/client/${VERSION}`;
  const runtime = runtimeName();
  const log = createLog(options.logLevel, options.logger);
  // A caller's User-Agent wins; browsers set their own and refuse ours.
  const headers = {
    ...(runtime && { "user-agent": `${client} ${runtime}` }),
    ...headerRecord("headers", options.headers),
  };
  const fixed = { "x-petstore-client": client };
  return {
    options,
    baseUrl,
    headers,
    fixed,
    apiKey,
    fetchOptions: options.fetchOptions,
    log,
    defaults: retrySettings(options),
    check: deprecationCheck(deprecationReporter(options.onDeprecation, log), naming),
  };
}
