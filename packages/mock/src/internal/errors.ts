import { errorCodeByStatus, type PetstoreErrorBody } from "@petstore/contract";

/** The contract's Error codes, by HTTP status (its `x-error-codes`). */
export const errorCodes: Readonly<Record<number, string>> = errorCodeByStatus;

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
