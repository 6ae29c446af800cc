import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { errorCodes, sendError, type ErrorStatus } from "./errors";
import { IdempotencyConflictError, StoreUnavailableError } from "../store/types";
import { sendUnavailable } from "./unavailable";

/** Turns every error into a contract Error body whose message says what to fix; only real faults are 500s. */
export function createErrorHandler(bodyLimit: number, example: unknown) {
  const sample = example === undefined ? "" : ` such as ${JSON.stringify(example)}`;
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof IdempotencyConflictError) return sendError(reply, 400, error.message);
    if (error instanceof StoreUnavailableError) {
      // The cause (a dropped connection, a full disk) is for the operator's log, not for the client.
      request.log.warn({ err: error }, "store unavailable");
      return sendUnavailable(reply, request.id);
    }
    switch (error.code) {
      case "FST_ERR_VALIDATION":
        return sendError(reply, 400, error.message);
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return sendError(reply, 413, `The request body exceeds ${bodyLimit} bytes. Send a smaller body.`);
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return sendError(reply, 415, `Send the body as JSON with 'Content-Type: application/json'${contentTypeNote(request)}.`);
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return sendError(reply, 400, `The body is empty. Send a JSON object${sample}.`);
      case "FST_ERR_CTP_INVALID_JSON_BODY":
        return sendError(reply, 400, `The body is not valid JSON. Send a JSON object${sample}.`);
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return sendError(reply, 400, "The body's size does not match its Content-Length header.");
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = (status in errorCodes ? status : 400) as ErrorStatus;
      return sendError(reply, known, `The request could not be understood: ${error.message}.`);
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, `Something went wrong on our side. Retry later and quote request id ${request.id} if it persists.`);
  };
}

function contentTypeNote(request: FastifyRequest): string {
  const given = request.headers["content-type"];
  return given === undefined ? " (none was sent)" : ` (got ${JSON.stringify(given.slice(0, 64))})`;
}
