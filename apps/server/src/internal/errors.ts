import { errorCodeByStatus } from "@petstore/contract";
import { errorBody as sharedErrorBody } from "@petstore/service-rules";
import type { FastifyReply } from "fastify";

/** The Error codes of the contract, by HTTP status (its `x-error-codes`). */
export const errorCodes = errorCodeByStatus;

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
  return sharedErrorBody(status, message);
}

/** Sends an Error body with `status` and returns the reply (for `return sendError(...)` in hooks). */
export function sendError(reply: FastifyReply, status: ErrorStatus, message: string): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(errorBody(status, message));
}
