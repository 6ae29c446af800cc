/** The request headers a browser may send cross-origin (answered to a preflight). */
export const CORS_ALLOW_HEADERS =
  "Authorization, Content-Type, Idempotency-Key, X-Petstore-Client, X-Petstore-Retry-Count, X-Request-Id";
/** The response headers a browser script may read. */
export const CORS_EXPOSE_HEADERS = "X-Request-Id, Sunset, Deprecation, Link, Retry-After, Idempotent-Replayed";

/** The CORS headers of every answer to a request from an allowed `origin` (`"*"` when any origin is allowed). */
export function corsHeaders(allowOrigin: string): Record<string, string> {
  return { "access-control-allow-origin": allowOrigin, "access-control-expose-headers": CORS_EXPOSE_HEADERS };
}

/** The extra headers of a preflight's 204 on a path that serves `methods`. */
export function preflightHeaders(methods: readonly string[]): Record<string, string> {
  return {
    "access-control-allow-methods": methods.join(", "),
    "access-control-allow-headers": CORS_ALLOW_HEADERS,
    "access-control-max-age": "600",
  };
}
