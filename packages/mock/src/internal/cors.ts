import { corsHeaders } from "@petstore/service";

/**
 * The answer with the CORS headers the service gives a request that carries an `Origin`, so a page on another origin
 * can read it; a network error (`Response.error()`) is left as it is. The mock builds every answer it gives, so the
 * headers are always mutable.
 */
export function withCors(response: Response, origin: string | null): Response {
  if (origin === null || response.type === "error") return response;
  const headers = corsHeaders("*");
  for (const name in headers) response.headers.set(name, headers[name]!);
  return response;
}
