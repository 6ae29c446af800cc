import { allCapabilities, type Target } from "../target";

// Captured before any MSW interceptor can patch the global, so real HTTP stays real HTTP.
const realFetch = globalThis.fetch;

/** Options of `httpTarget`: an implementation already listening, started by the caller. */
export interface HttpTargetOptions {
  /** Short name used in reports. Defaults to `server`. */
  name?: string;
  /** URL the contract's paths are appended to, e.g. `http://127.0.0.1:4000/v1`. */
  baseUrl: string;
  /** An API key the implementation accepts. */
  apiKey: string;
  /** URL of an unauthenticated health check, checked after fuzzing besides `GET /pets`. */
  healthUrl?: string;
  /** Stops what the caller started; called once the suite is done with the target. Defaults to nothing. */
  close?: () => Promise<void>;
}

/**
 * A full implementation of the contract reached over real HTTP at `baseUrl`: the suite does not start it, so any
 * server (the reference server, a deployment, another language) can be held to every capability.
 */
export function httpTarget({ name = "server", baseUrl, apiKey, healthUrl, close }: HttpTargetOptions): Target {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`[@petstore/conformance] the base URL of target ${name} is not a URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`[@petstore/conformance] the base URL of target ${name} must be http(s), got ${url.protocol}`);
  }
  if (apiKey === "") throw new Error(`[@petstore/conformance] target ${name} needs an API key it accepts`);
  return {
    name,
    baseUrl: baseUrl.replace(/\/+$/, ""),
    fetch: (input, init) => realFetch(input, init),
    apiKey,
    capabilities: new Set(allCapabilities),
    ...(healthUrl !== undefined ? { healthUrl } : {}),
    close: close ?? (async () => {}),
  };
}
