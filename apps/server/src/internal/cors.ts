import type { FastifyReply, FastifyRequest } from "fastify";

const ALLOW_HEADERS = "Authorization, Content-Type, Idempotency-Key, X-Petstore-Client, X-Request-Id";
const EXPOSE_HEADERS = "X-Request-Id, Sunset, Deprecation, Link, Retry-After, Idempotent-Replayed";

/**
 * CORS for `origins` (`["*"]` allows any origin: safe because auth is a bearer header, not a cookie).
 * The returned function adds the headers to a reply and returns true when the request was a preflight it
 * has answered. Origins are compared as a Set, built once.
 */
export function createCors(
  origins: readonly string[],
  allowMethods: (url: string) => string[] | undefined,
): (request: FastifyRequest, reply: FastifyReply) => boolean {
  const any = origins.includes("*");
  const listed = new Set(origins);
  return (request, reply) => {
    if (!any) reply.header("vary", "Origin");
    const origin = request.headers.origin;
    if (origin === undefined || (!any && !listed.has(origin))) return false;
    reply.header("access-control-allow-origin", any ? "*" : origin);
    reply.header("access-control-expose-headers", EXPOSE_HEADERS);
    const isPreflight = request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined;
    if (!isPreflight) return false;
    const methods = allowMethods(request.url);
    if (methods === undefined) return false; // unknown path: the 404 handler answers
    reply
      .code(204)
      .header("access-control-allow-methods", methods.join(", "))
      .header("access-control-allow-headers", ALLOW_HEADERS)
      .header("access-control-max-age", "600")
      .send();
    return true;
  };
}
