import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { Schema } from "./contract";

/**
 * The Ajv 2020-12 instance for the contract's schemas. `int64` numbers must be safe JavaScript integers:
 * `JSON.parse` rounds anything larger, so accepting one would store a different number than the client sent.
 */
const ajv = new Ajv2020({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false, validateFormats: true });
ajv.addFormat("int32", { type: "number", validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isSafeInteger(n) });

const compiled = new WeakMap<Schema, ValidateFunction>();

/** A compiled validator for `schema`, cached per schema object. */
export function validatorFor(schema: Schema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Ajv's errors as one line, e.g. `/name must NOT have fewer than 1 characters`. */
export function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? "is invalid"}`).join("; ");
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Whether a decimal integer string fits a signed 64-bit integer. */
export function fitsInt64(digits: string): boolean {
  const value = BigInt(digits);
  return value >= INT64_MIN && value <= INT64_MAX;
}
