import type { IncomingMessage, ServerResponse } from "node:http";
import { errorAnswer, JSON_TYPE, serviceHeaders, type PetStore } from "@petstore/service";

/** Seconds a client is asked to wait while the store is not ready. */
const NOT_READY_RETRY_AFTER_S = 2;

function send(
  message: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body: string,
): void {
  response.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(body)) });
  response.end(message.method === "HEAD" ? undefined : body);
}

/**
 * `/healthz` (the process answers) and `/readyz` (the store can serve: 503 while PostgreSQL is unreachable), both
 * without a key, for GET and HEAD (a HEAD gets the same status and headers, no body). Returns true when it answered.
 */
export function createHealthRoutes(
  store: PetStore,
): (message: IncomingMessage, response: ServerResponse, requestId: string) => boolean {
  return (message, response, requestId) => {
    const url = message.url;
    if (url !== "/healthz" && url !== "/readyz") return false;
    if (message.method !== "GET" && message.method !== "HEAD") return false;
    const headers = { ...serviceHeaders(requestId), "content-type": JSON_TYPE };
    if (url === "/healthz") {
      send(message, response, 200, headers, '{"status":"ok"}');
      return true;
    }
    void (store.ready?.() ?? Promise.resolve(true)).then((ready) => {
      if (response.destroyed) return;
      if (ready) return send(message, response, 200, headers, '{"status":"ready"}');
      const answer = errorAnswer(
        503,
        `The pet store's storage is unavailable right now. Retry in ${NOT_READY_RETRY_AFTER_S} seconds; quote request id ${requestId} if it persists.`,
        requestId,
        { "retry-after": String(NOT_READY_RETRY_AFTER_S) },
      );
      send(message, response, 503, answer.headers, answer.body ?? "");
    });
    return true;
  };
}
