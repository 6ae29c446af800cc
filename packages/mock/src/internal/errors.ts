import type { PetstoreErrorBody } from "@petstore/contract";

/** The contract's Error codes, by HTTP status. */
export const errorCodes: Readonly<Record<number, string>> = {
  400: "invalid_request",
  401: "unauthorized",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  500: "internal_error",
  503: "service_unavailable",
};

/** The Error body for `status`: `code` from the contract's list (or `error_<status>`), `status` equal to the HTTP status. */
export function errorBody(status: number, message: string, code = errorCodes[status] ?? `error_${status}`): PetstoreErrorBody {
  return { code, message, status };
}

/** A request the mock answers with an Error body instead of running the operation. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "RequestError";
  }
}
