import type { IncomingMessage, ServerResponse } from "node:http";
import { messages } from "../messages";
import { errorAnswer, JSON_TYPE, serviceHeaders, UNAVAILABLE_RETRY_AFTER_S } from "../pipeline";
import { targetOf } from "./request";

/** Answers a request outside the API, as `listenNode`'s `routes` option takes it; returns true when it answered. */
export type NodeRoutes = (message: IncomingMessage, response: ServerResponse, requestId: string) => boolean;

/** Options of `healthRoutes`. */
export interface HealthOptions {
  /**
   * Whether the host can serve the API now (the reference server: its store answers); false, or a promise that
   * rejects, makes `/readyz` a 503. Defaults to always ready.
   */
  ready?: (() => boolean | Promise<boolean>) | undefined;
}

function send(
  message: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body: string,
): void {
  if (response.destroyed) return;
  response.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(body)) });
  response.end(message.method === "HEAD" ? undefined : body);
}

/**
 * The request target's path, without the query a probe may add (`/healthz?probe=1`); an absolute-form target
 * (`http://host/healthz`) by its path, as the service reads one.
 */
function pathOf(url: string): string {
  const target = url.startsWith("/") ? url : targetOf(url);
  const query = target.indexOf("?");
  return query < 0 ? target : target.slice(0, query);
}

/**
 * `/healthz` (liveness: 200 while the process serves) and `/readyz` (readiness: 200 when `ready` says so, else a 503
 * `service_unavailable` with `Retry-After`), without a key, for GET and HEAD (the same status and headers, no body),
 * matched on the path whatever the query. The `routes` of `listenNode`, for the reference server and
 * `@petstore/mock/http` alike; any other request goes on to the service.
 */
export function healthRoutes(options: HealthOptions = {}): NodeRoutes {
  const { ready } = options;
  return (message, response, requestId) => {
    const url = message.url ?? "";
    // Most requests are the API's (`/v1/…`): two prefix checks, and nothing else, tell them apart.
    if (url.startsWith("/") && !url.startsWith("/healthz") && !url.startsWith("/readyz")) return false;
    const path = pathOf(url);
    if (path !== "/healthz" && path !== "/readyz") return false;
    if (message.method !== "GET" && message.method !== "HEAD") return false;
    const headers = { ...serviceHeaders(requestId), "content-type": JSON_TYPE };
    if (path === "/healthz") {
      send(message, response, 200, headers, '{"status":"ok"}');
      return true;
    }
    const answer = (isReady: boolean) => {
      if (isReady) return send(message, response, 200, headers, '{"status":"ready"}');
      const refused = errorAnswer(503, messages.storageUnavailable(UNAVAILABLE_RETRY_AFTER_S, requestId), requestId, {
        "retry-after": String(UNAVAILABLE_RETRY_AFTER_S),
      });
      send(message, response, 503, refused.headers, refused.body ?? "");
    };
    let state: boolean | Promise<boolean>;
    try {
      state = ready?.() ?? true;
    } catch {
      state = false;
    }
    if (typeof state === "boolean") answer(state);
    else
      state.then(
        (isReady) => answer(isReady === true),
        () => answer(false),
      );
    return true;
  };
}
