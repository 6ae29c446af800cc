import type { FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { messages, WWW_AUTHENTICATE } from "@petstore/service-rules";
import { authorizationOf, type Caller, type AuthResult } from "./auth";
import type { ContractOperation } from "./contract";
import { sendError } from "./errors";
import { pathOf } from "./routes";

declare module "fastify" {
  interface FastifyRequest {
    /** The authenticated caller of a contract operation; null before auth and on other routes. */
    caller: Caller | null;
  }
}

/** What the request hook consults. */
export interface OnRequestContext {
  /** Logs the request when it ends; absent when logs are off. */
  track?(request: FastifyRequest, reply: FastifyReply): void;
  /** True once the server has begun to close. */
  isClosing(): boolean;
  /** Adds CORS headers; true when it answered a preflight. */
  cors(request: FastifyRequest, reply: FastifyReply): boolean;
  /** The methods the contract allows at a URL, undefined for an unknown path. */
  allowedAt(url: string): string[] | undefined;
  authenticate(header: string | undefined): AuthResult;
}

/**
 * The one `onRequest` hook, run before any body is read: request id header, shutdown, Host, CORS, 405,
 * then authentication of contract operations, so a bad key with a bad body is a 401. One callback-style
 * hook instead of several async ones: no promise and no extra tick per request.
 */
export function createOnRequest(context: OnRequestContext): onRequestHookHandler {
  const { track } = context;
  return function onRequest(request, reply, done) {
    track?.(request, reply);
    reply.header("x-request-id", request.id);
    const { operation } = request.routeOptions.config as { operation?: ContractOperation };
    // Every response of the operation carries them (getPet's deprecation), its earliest errors included.
    if (operation) reply.headers(operation.constantHeaders);
    if (context.isClosing()) {
      sendError(reply.header("retry-after", "1"), 503, messages.shuttingDown);
      return;
    }
    if (request.headers.host === undefined && request.raw.httpVersion === "1.1") {
      sendError(reply, 400, messages.missingHost);
      return;
    }
    if (context.cors(request, reply)) return;
    if (!operation) {
      // Answered here, before any body is parsed: a wrong method is the first thing to fix. Covers every
      // method Node parses (PROPFIND, SEARCH, HEAD, …), not only the ones with routes.
      const allowed = request.is404 ? context.allowedAt(request.url) : undefined;
      if (allowed) {
        const allow = allowed.join(", ");
        sendError(
          reply.header("allow", allow),
          405,
          messages.methodNotAllowed(request.method, pathOf(request.url), allow),
        );
        return;
      }
      done();
      return;
    }
    const auth = context.authenticate(authorizationOf(request.raw));
    if (!auth.ok) {
      sendError(
        auth.status === 401 ? reply.header("www-authenticate", WWW_AUTHENTICATE) : reply,
        auth.status,
        auth.message,
      );
      return;
    }
    request.caller = auth.caller;
    done();
  };
}
