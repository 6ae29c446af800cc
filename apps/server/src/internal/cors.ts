import { corsHeaders, preflightHeaders } from "@petstore/service-rules";
import type { FastifyReply, FastifyRequest } from "fastify";

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
    reply.headers(corsHeaders(any ? "*" : origin));
    const isPreflight = request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined;
    if (!isPreflight) return false;
    const methods = allowMethods(request.url);
    if (methods === undefined) return false; // unknown path: the 404 handler answers
    reply.code(204).headers(preflightHeaders(methods)).send();
    return true;
  };
}
