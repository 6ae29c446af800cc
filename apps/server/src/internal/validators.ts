import type { ErrorObject } from "ajv";
import type { ContractParameter, Schema } from "./contract";
import { ajv, fitsInt64 } from "./ajv";
import { describeSchema } from "./describe";

/** A 400 raised while validating a request part; its message says what to fix. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = "FST_ERR_VALIDATION";
}

/** What Fastify expects back from a custom validator. */
export type ValidationResult = { value: unknown } | { error: RequestValidationError };
/** A compiled validator for one request part. */
export type PartValidator = (data: unknown) => ValidationResult;

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A validator for query, path or header parameters. They arrive as strings, so each is first coerced by
 * its schema's type (strictly: "1.5" is not an integer, "10abc" is not a number), then checked by Ajv.
 */
export function compileParameterValidator(params: ContractParameter[]): PartValidator {
  // Everything that depends only on the contract is worked out here, once, not per request.
  const checks = params.map((param) => {
    const what = `${param.in === "query" ? "Query parameter" : param.in === "path" ? "Path parameter" : "Header"} ${param.name}`;
    return {
      param,
      key: param.in === "header" ? param.name.toLowerCase() : param.name,
      validate: ajv.compile(param.schema),
      mustBe: `${what} must be ${describeSchema(param.schema)}`,
      missing: `${what} is required: ${describeSchema(param.schema)}.`,
    };
  });
  return (data) => {
    const input = (data ?? {}) as Record<string, unknown>;
    const output: Record<string, unknown> = { ...input };
    for (const { param, key, validate, mustBe, missing } of checks) {
      const raw = input[key];
      if (raw === undefined) {
        if (param.required) return { error: new RequestValidationError(missing) };
        if (param.schema.default !== undefined) output[key] = param.schema.default;
        continue;
      }
      if (Array.isArray(raw)) return { error: new RequestValidationError(`${mustBe}, given once.`) };
      const coerced = coerce(String(raw), param.schema);
      if (coerced.ok) {
        output[key] = coerced.value;
        // A valid int64 no JavaScript number holds exactly is left for the handler to decide.
        if (coerced.beyondSafe || validate(coerced.value)) continue;
      }
      return { error: new RequestValidationError(`${mustBe}, got ${JSON.stringify(String(raw).slice(0, 64))}.`) };
    }
    return { value: output };
  };
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
        // Kept as the exact digits: no JavaScript number holds this id, and the handler must not round it.
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

/** A validator for a JSON body: Ajv against the contract's schema, with a message naming the field to fix. */
export function compileBodyValidator(schema: Schema, required: boolean): PartValidator {
  const validate = ajv.compile(schema);
  const example = schema.example === undefined ? "" : ` such as ${JSON.stringify(schema.example)}`;
  return (data) => {
    if (data === undefined || data === null) {
      if (!required) return { value: data };
      return { error: new RequestValidationError(`Send a JSON body: ${describeSchema(schema)}${example}.`) };
    }
    if (validate(data)) return { value: data };
    return { error: new RequestValidationError(bodyMessage(validate.errors?.[0], schema, example)) };
  };
}

function bodyMessage(error: ErrorObject | undefined, schema: Schema, example: string): string {
  if (!error || error.instancePath === "" && error.keyword !== "required") {
    return `The body must be ${describeSchema(schema)}${example}.`;
  }
  if (error.keyword === "required") {
    const field = (error.params as { missingProperty: string }).missingProperty;
    const fieldSchema = propertySchema(schema, [...pathSegments(error.instancePath), field]);
    return `Body field "${field}" is required: ${fieldSchema ? describeSchema(fieldSchema) : "give a value"}.`;
  }
  const segments = pathSegments(error.instancePath);
  const fieldSchema = propertySchema(schema, segments);
  return `Body field "${segments.join(".")}" must be ${fieldSchema ? describeSchema(fieldSchema) : error.message}.`;
}

function pathSegments(pointer: string): string[] {
  return pointer.split("/").slice(1).map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function propertySchema(schema: Schema, segments: string[]): Schema | undefined {
  let node: Schema | undefined = schema;
  for (const segment of segments) {
    node = (node?.properties as Record<string, Schema> | undefined)?.[segment] ?? (node?.items as Schema | undefined);
  }
  return node;
}
