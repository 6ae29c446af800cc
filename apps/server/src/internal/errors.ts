import type { FastifyReply } from "fastify";

/** The Error codes of the contract, by HTTP status. */
export const errorCodes = {
  400: "invalid_request",
  401: "unauthorized",
  404: "not_found",
  405: "method_not_allowed",
  408: "request_timeout",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  431: "headers_too_large",
  500: "internal_error",
  503: "service_unavailable",
} as const;

/** The Content-Type of every JSON answer. */
export const JSON_TYPE = "application/json; charset=utf-8";

/** An HTTP status this server answers errors with. */
export type ErrorStatus = keyof typeof errorCodes;

/** The contract's Error body: `status` always equals the HTTP status. */
export interface ErrorBody {
  code: string;
  message: string;
  status: number;
}

/** Builds the Error body for `status`. */
export function errorBody(status: ErrorStatus, message: string): ErrorBody {
  return { code: errorCodes[status], message, status };
}

/** Sends an Error body with `status` and returns the reply (for `return sendError(...)` in hooks). */
export function sendError(reply: FastifyReply, status: ErrorStatus, message: string): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(errorBody(status, message));
}
