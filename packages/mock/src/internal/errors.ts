import { errorCodeByStatus } from "@petstore/contract";

export { errorBody } from "@petstore/service";

/** The contract's Error codes, by HTTP status (its `x-error-codes`). */
export const errorCodes: Readonly<Record<number, string>> = errorCodeByStatus;
