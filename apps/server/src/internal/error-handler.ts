import { messages, RuleError } from "@petstore/service-rules";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { errorCodes, sendError, type ErrorStatus } from "./errors";
import { IdempotencyConflictError, StoreUnavailableError } from "../store/types";
import { sendUnavailable } from "./unavailable";

/** Turns every error into a contract Error body whose message says what to fix; only real faults are 500s. */
export function createErrorHandler(bodyLimit: number) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof IdempotencyConflictError) return sendError(reply, 400, error.message);
    if (error instanceof RuleError) return sendError(reply, error.status as ErrorStatus, error.message);
    if (error instanceof StoreUnavailableError) {
      // The cause (a dropped connection, a full disk) is for the operator's log, not for the client.
      request.log.warn({ err: error }, "store unavailable");
      return sendUnavailable(reply, request.id);
    }
    switch (error.code) {
      case "FST_ERR_VALIDATION":
        return sendError(reply, 400, error.message);
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return sendError(reply, 413, messages.bodyTooLarge(bodyLimit));
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return sendError(
          reply,
          415,
          messages.unsupportedMediaType(messages.contentTypeNote(request.headers["content-type"])),
        );
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return sendError(reply, 400, messages.badContentLength);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = (status in errorCodes ? status : 400) as ErrorStatus;
      return sendError(reply, known, messages.notUnderstood(`${error.message}.`));
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, messages.internalError(request.id));
  };
}
