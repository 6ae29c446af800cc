import { STATUS_CODES } from "node:http";
import { messages } from "../messages";
import { errorAnswer } from "../pipeline";

/** A request Node's HTTP parser rejected (its `code` is llhttp's `HPE_…` or Node's `ERR_HTTP_…`). */
export type ClientError = Error & { code?: string; reason?: string };

/**
 * A whole HTTP/1.1 response with the contract's Error body and the service's headers, for a socket that has no
 * response object (the request never parsed). It always closes the connection: the parser cannot resume after an error.
 */
export function rawErrorResponse(status: number, message: string, requestId: string): string {
  const answer = errorAnswer(status, message, requestId, { connection: "close" });
  const body = answer.body ?? "";
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\ndate: ${new Date().toUTCString()}\r\n`;
  for (const [name, value] of Object.entries(answer.headers)) head += `${name}: ${value}\r\n`;
  return `${head}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** The status and a message saying what to fix, for a request Node's parser rejected. */
export function describeClientError(
  error: ClientError,
  context: { routeList: string; maxHeaderSize: number },
): { status: number; message: string } {
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
