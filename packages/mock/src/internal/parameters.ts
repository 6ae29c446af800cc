import { fitsInt64, validatorFor } from "./ajv";
import type { ContractParameter, Schema } from "./contract";
import { describeSchema } from "./describe";
import { RequestError } from "./errors";

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Raw parameter values of one request: strings, or several strings when a query parameter repeats. */
export type RawParameters = Record<string, string | string[] | undefined>;

/**
 * Coerces and validates query, path or header parameters as the server does: each string is coerced strictly by its
 * schema's type ("1.5" is not an integer), defaults are applied, then Ajv checks it. Throws a 400 RequestError.
 * A valid int64 beyond 2^53 stays a string of digits: no JavaScript number holds it exactly.
 */
export function parseParameters(params: readonly ContractParameter[], raw: (param: ContractParameter) => string | string[] | undefined): Record<string, unknown> {
  const output: Record<string, unknown> = {};
  for (const param of params) {
    const value = raw(param);
    const what = `${param.in === "query" ? "Query parameter" : param.in === "path" ? "Path parameter" : "Header"} ${param.name}`;
    const fail = (extra = "") => new RequestError(400, `${what} must be ${describeSchema(param.schema)}${extra}.`);
    if (value === undefined) {
      if (param.required) throw new RequestError(400, `${what} is required: ${describeSchema(param.schema)}.`);
      if (param.schema.default !== undefined) output[param.name] = param.schema.default;
      continue;
    }
    if (Array.isArray(value)) throw fail(", given once");
    const got = `, got ${JSON.stringify(value.slice(0, 64))}`;
    const coerced = coerce(value, param.schema);
    if (!coerced.ok) throw fail(got);
    output[param.name] = coerced.value;
    if (coerced.beyondSafe) continue;
    if (!validatorFor(param.schema)(coerced.value)) throw fail(got);
  }
  return output;
}

type Coerced = { ok: true; value: unknown; beyondSafe?: boolean } | { ok: false };

function coerce(raw: string, schema: Schema): Coerced {
  switch (schema.type) {
    case "integer": {
      if (!INTEGER.test(raw)) return { ok: false };
      if (schema.format === "int64") {
        if (!fitsInt64(raw)) return { ok: false };
        const big = BigInt(raw);
        const minimum = schema.minimum as number | undefined;
        const maximum = schema.maximum as number | undefined;
        if (minimum !== undefined && big < BigInt(minimum)) return { ok: false };
        if (maximum !== undefined && big > BigInt(maximum)) return { ok: false };
        const value = Number(raw);
        return Number.isSafeInteger(value) ? { ok: true, value } : { ok: true, value: raw, beyondSafe: true };
      }
      return { ok: true, value: Number(raw) };
    }
    case "number":
      return NUMBER.test(raw) ? { ok: true, value: Number(raw) } : { ok: false };
    case "boolean":
      return raw === "true" || raw === "false" ? { ok: true, value: raw === "true" } : { ok: false };
    default:
      return { ok: true, value: raw };
  }
}
