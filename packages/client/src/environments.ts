import { servers, type Environment } from "@petstore/contract";
import { fail, invalid } from "./internal/fail";

/** Picks the base URL from `environment` (the contract's servers, the first by default) or `baseUrl`, rejecting both together or invalid values. */
export function resolveBaseUrl(environment: Environment | undefined, baseUrl: string | undefined): string {
  if (baseUrl === undefined) {
    // The contract's first server is the default.
    const name = environment ?? (Object.keys(servers)[0] as Environment);
    // A string: an inherited property (`toString`) is no server.
    return typeof servers[name] === "string"
      ? servers[name]
      : invalid("environment", `one of ${JSON.stringify(Object.keys(servers))} (or baseUrl)`, name);
  }
  if (environment !== undefined) fail("Pass environment or baseUrl, not both.");
  // fetch refuses URLs with credentials (`@` before the path), and a query or fragment would end up in the middle
  // of every path; `new URL` throws for what is no URL at all, and `replace` for what is no string.
  try {
    if (/^https?:\/\/[^/?#@]+(\/[^?#]*)?$/i.test(baseUrl) && new URL(baseUrl)) return baseUrl.replace(/\/+$/, "");
  } catch {}
  return invalid("baseUrl", "an http(s) URL without credentials, query or fragment", baseUrl);
}
