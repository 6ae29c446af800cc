import { createBodyValidator, createParameterParser, RuleError } from "@petstore/service-rules";
import type { ContractOperation, ContractParameter } from "./contract";

/** A 400 raised while validating a request part; its message says what to fix. */
class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = "FST_ERR_VALIDATION";
}

/** What Fastify expects back from a custom validator. */
type ValidationResult = { value: unknown } | { error: RequestValidationError };
/** A validator for one request part, over the service's rules and the precompiled validators. */
export type PartValidator = (data: unknown) => ValidationResult;

function asResult(run: () => unknown): ValidationResult {
  try {
    return { value: run() };
  } catch (error) {
    if (error instanceof RuleError) return { error: new RequestValidationError(error.message) };
    throw error;
  }
}

/**
 * A validator for the query, path or header parameters of an operation (Fastify gives header names in lower case).
 * The parsed values replace the strings in the object Fastify passes: query and path parameters arrive in an object
 * made for this request, so they are written in place; headers are Node's own object, so they are copied first.
 */
export function compileParameterValidator(
  operation: ContractOperation,
  params: ContractParameter[],
  httpPart: string | undefined,
): PartValidator {
  const parse = createParameterParser(operation.operationId, params);
  const keyOf = (param: ContractParameter) => (param.in === "header" ? param.name.toLowerCase() : param.name);
  const keys = new Map(params.map((param) => [param, keyOf(param)]));
  const fields = params.map((param) => ({ name: param.name, key: keyOf(param) }));
  const copy = httpPart === "headers";
  let input: Record<string, string | string[] | undefined> = {};
  const read = (param: ContractParameter) => input[keys.get(param)!];
  return (data) => {
    input = (data ?? {}) as Record<string, string | string[] | undefined>;
    let values: Record<string, unknown>;
    try {
      values = parse(read);
    } catch (error) {
      if (error instanceof RuleError) return { error: new RequestValidationError(error.message) };
      throw error;
    }
    const output: Record<string, unknown> = copy ? { ...input } : input;
    for (let i = 0; i < fields.length; i++) {
      const { name, key } = fields[i]!;
      if (name in values) output[key] = values[name];
    }
    return { value: output };
  };
}

/** A validator for an operation's JSON body. */
export function compileBodyValidator(operation: ContractOperation): PartValidator {
  const body = operation.requestBody!;
  const validate = createBodyValidator(operation.operationId, body.schema, body.required);
  return (data) => asResult(() => validate(data));
}
