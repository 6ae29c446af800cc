import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { messages } from "@petstore/service-rules";
import { errorBody, type ErrorStatus } from "./errors";
import { newRequestId, requestIdFor } from "./request-id";

/** A request Node's HTTP parser rejected (its `code` is llhttp's `HPE_…` or Node's `ERR_HTTP_…`). */
export type ClientError = Error & { code?: string; reason?: string };

/** The logger calls a client-error handler makes. */
export interface ClientErrorLog {
  info(fields: object, message: string): void;
}

/**
 * A whole HTTP/1.1 response with the contract's Error body, for sockets that have no Fastify reply
 * (the request never parsed). It always closes the connection: the parser cannot resume after an error.
 */
export function rawErrorResponse(status: ErrorStatus, message: string, requestId: string): string {
  const body = JSON.stringify(errorBody(status, message));
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n` +
    `date: ${new Date().toUTCString()}\r\n` +
    `x-request-id: ${requestId}\r\n` +
    "content-type: application/json; charset=utf-8\r\n" +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    "connection: close\r\n" +
    `\r\n${body}`
  );
}

/** The status and a message saying what to fix, for a request Node's parser rejected. */
export function describeClientError(
  error: ClientError,
  context: { routeList: string; maxHeaderSize: number },
): { status: ErrorStatus; message: string } {
  switch (error.code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return {
        status: 408,
        message: "The request was not received in time. Send the headers and body without pausing, then retry.",
      };
    case "HPE_HEADER_OVERFLOW":
      return {
        status: 431,
        message: messages.headersTooLarge(context.maxHeaderSize),
      };
    case "HPE_INVALID_METHOD":
      return { status: 400, message: messages.badMethod(context.routeList) };
    case "HPE_INVALID_URL":
      return {
        status: 400,
        message: "The request target is not a valid URL: percent-encode spaces and control characters.",
      };
    case "HPE_INVALID_VERSION":
      return {
        status: 400,
        message: "The request line must end in 'HTTP/1.1' (or 'HTTP/1.0') and CRLF. Send HTTP/1.1.",
      };
    case "HPE_PAUSED_H2_UPGRADE":
      return { status: 400, message: "HTTP/2 without TLS is not served here. Send HTTP/1.1." };
    case "HPE_INVALID_CONTENT_LENGTH":
    case "HPE_UNEXPECTED_CONTENT_LENGTH":
    case "HPE_INVALID_TRANSFER_ENCODING":
      return {
        status: 400,
        message:
          "The body's Content-Length or Transfer-Encoding header is invalid, repeated or conflicting. Send exactly one valid Content-Length.",
      };
    case "HPE_INVALID_CHUNK_SIZE":
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return {
        status: 400,
        message: "The chunked request body is malformed. Send the body with a Content-Length instead.",
      };
  }
  const reason = (error.reason ?? error.code ?? "").replace(/[^\x20-\x7e]/g, "").slice(0, 120);
  return {
    status: 400,
    message: `The request is not valid HTTP/1.1${reason ? ` (${reason})` : ""}. Check the request line and headers.`,
  };
}

/**
 * The server's `clientError` listener (Fastify's `clientErrorHandler`): instead of Node's or Fastify's
 * default body, answers with an Error body, a fresh `x-request-id` (also logged) and `connection: close`.
 */
export function createClientErrorHandler(context: { routeList: string; maxHeaderSize: number }) {
  return (error: ClientError, socket: Duplex, log: ClientErrorLog): void => {
    // A reset connection has nobody left to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const { status, message } = describeClientError(error, context);
    const requestId = newRequestId();
    // Never `err: error`: the error's rawPacket holds the request bytes, Authorization header included.
    log.info(
      { reqId: requestId, error: { code: error.code, message: error.message }, statusCode: status },
      "client error",
    );
    // As Node does: never write into a response that has already started on this socket.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) socket.write(rawErrorResponse(status, message, requestId));
    socket.destroy();
  };
}

/**
 * The server's `connect` listener: this is not a proxy, so a CONNECT gets the 404 Error body any unknown
 * target gets (without a listener Node would drop the connection without a word).
 */
export function createConnectHandler(routeList: string) {
  return (request: IncomingMessage, socket: Duplex, log: ClientErrorLog): void => {
    const requestId = requestIdFor(request);
    const target = (request.url ?? "").slice(0, 200);
    log.info({ reqId: requestId, req: { method: "CONNECT", url: target }, statusCode: 404 }, "CONNECT refused");
    const message = `There is no CONNECT ${target}: this server is not a proxy. This API serves ${routeList}.`;
    if (socket.writable) socket.write(rawErrorResponse(404, message, requestId));
    socket.destroy();
  };
}
