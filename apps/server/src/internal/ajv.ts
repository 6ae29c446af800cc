import { Ajv2020 } from "ajv/dist/2020.js";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Whether a decimal integer string fits a signed 64-bit integer. */
export function fitsInt64(digits: string): boolean {
  const value = BigInt(digits);
  return value >= INT64_MIN && value <= INT64_MAX;
}

/**
 * The Ajv 2020-12 instance that validates requests against the contract's schemas.
 * `int64` numbers must be safe JavaScript integers: JSON.parse rounds anything larger, so accepting it
 * would store a different number than the client sent.
 */
export const ajv = new Ajv2020({ allErrors: false, strict: false, coerceTypes: false, useDefaults: true });
ajv.addFormat("int32", { type: "number", validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isSafeInteger(n) });
