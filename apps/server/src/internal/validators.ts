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

/** A validator for the query, path or header parameters of an operation (Fastify gives header names in lower case). */
export function compileParameterValidator(operation: ContractOperation, params: ContractParameter[]): PartValidator {
  const parse = createParameterParser(operation.operationId, params);
  const keyOf = (param: ContractParameter) => (param.in === "header" ? param.name.toLowerCase() : param.name);
  return (data) =>
    asResult(() => {
      const input = (data ?? {}) as Record<string, string | string[] | undefined>;
      const values = parse((param) => input[keyOf(param)]);
      const output: Record<string, unknown> = { ...input };
      for (const param of params) if (param.name in values) output[keyOf(param)] = values[param.name];
      return output;
    });
}

/** A validator for an operation's JSON body. */
export function compileBodyValidator(operation: ContractOperation): PartValidator {
  const body = operation.requestBody!;
  const validate = createBodyValidator(operation.operationId, body.schema, body.required);
  return (data) => asResult(() => validate(data));
}
