import type { FastifyReply } from "fastify";
import { sendError } from "./errors";

/** Seconds a client is asked to wait while the store is unavailable: long enough for a restart to finish. */
const UNAVAILABLE_RETRY_AFTER_S = 2;

/** Answers 503 `service_unavailable` with `Retry-After`: the store cannot serve this request right now. */
export function sendUnavailable(reply: FastifyReply, requestId: string): FastifyReply {
  return sendError(
    reply.header("retry-after", String(UNAVAILABLE_RETRY_AFTER_S)),
    503,
    `The pet store's storage is unavailable right now. Retry in ${UNAVAILABLE_RETRY_AFTER_S} seconds; quote request id ${requestId} if it persists.`,
  );
}
