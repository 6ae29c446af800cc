import type { ContractParameter, JsonSchema } from "@petstore/contract";
import { describeSchema } from "./describe";
import { RuleError } from "./errors";
import { messages } from "./messages";
import { validatorFor } from "./validators";

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The raw value of one parameter: a string, several when a query parameter repeats, undefined when absent. */
export type RawParameter = string | string[] | undefined;

/** A parameter with its precompiled validator and messages, worked out once per operation. */
interface ParameterCheck {
  param: ContractParameter;
  validate: (value: unknown) => boolean;
  mustBe: string;
  missing: string;
}

/**
 * A parser for one operation's parameters, the one rule for path, query and header values alike once decoded: each
 * string is coerced strictly by its schema's type (an integer is decimal digits with an optional sign and leading
 * zeros, so "+1" and "01" are 1 but "1.0", "1e0", "0x1" and " 1" are not; "10abc" is not a number), a missing one gets
 * its schema's `default`, then the precompiled validator checks it. Throws a 400 RuleError whose message names the
 * parameter. A valid int64 beyond 2^53 stays a string of digits: no JavaScript number holds it exactly, and the
 * caller must not round it.
 */
export function createParameterParser(
  operationId: string,
  params: readonly ContractParameter[],
): (raw: (param: ContractParameter) => RawParameter) => Record<string, unknown> {
  const checks: ParameterCheck[] = params.map((param) => {
    const what = `${param.in === "query" ? "Query parameter" : param.in === "path" ? "Path parameter" : "Header"} ${param.name}`;
    return {
      param,
      validate: validatorFor(`${operationId} ${param.in}:${param.name}`),
      mustBe: `${what} must be ${describeSchema(param.schema)}`,
      missing: `${what} is required: ${describeSchema(param.schema)}.`,
    };
  });
  return (raw) => {
    const output: Record<string, unknown> = {};
    for (const { param, validate, mustBe, missing } of checks) {
      const value = raw(param);
      if (value === undefined) {
        if (param.required) throw new RuleError(400, missing);
        if (param.schema.default !== undefined) output[param.name] = param.schema.default;
        continue;
      }
      if (Array.isArray(value)) throw new RuleError(400, `${mustBe}, given once.`);
      const coerced = coerce(value, param.schema);
      if (coerced.ok) {
        output[param.name] = coerced.value;
        if (coerced.beyondSafe || validate(coerced.value)) continue;
      }
      const hint = param.in === "query" && value.includes(" ") ? messages.plusIsSpace : "";
      throw new RuleError(400, `${mustBe}, got ${JSON.stringify(value.slice(0, 64))}.${hint}`);
    }
    return output;
  };
}

type Coerced = { ok: true; value: unknown; beyondSafe?: boolean } | { ok: false };

function coerce(raw: string, schema: JsonSchema): Coerced {
  switch (schema.type) {
    case "integer": {
      if (!INTEGER.test(raw)) return { ok: false };
      if (schema.format === "int64") {
        const big = BigInt(raw);
        if (big < INT64_MIN || big > INT64_MAX) return { ok: false };
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
