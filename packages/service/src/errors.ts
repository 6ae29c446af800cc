import { errorCodeByStatus, type PetstoreErrorBody } from "@petstore/contract";

/** The Error code of `status` from the contract's catalogue, or `error_<status>` for a status it does not list. */
export function errorCodeFor(status: number): string {
  return (errorCodeByStatus as Readonly<Record<number, string>>)[status] ?? `error_${status}`;
}

/** The contract's Error body: `status` always equals the HTTP status. */
export function errorBody(status: number, message: string, code = errorCodeFor(status)): PetstoreErrorBody {
  return { code, message, status };
}

/** A request the service answers with an Error body; `message` says what to fix. */
export class RuleError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "RuleError";
  }
}
