import { operationTable, type JsonSchema } from "@petstore/contract";
import { describeSchema } from "./describe";
import { RuleError } from "./errors";
import { validatorFor, type ValidationError } from "./validators";

const firstExample = operationTable.find((op) => op.requestBody?.schema.example !== undefined)?.requestBody?.schema
  .example;

/** ` such as <example>` from the contract's request body example, shown in messages about an empty or malformed body. */
export const BODY_SAMPLE = firstExample === undefined ? "" : ` such as ${JSON.stringify(firstExample)}`;

/**
 * A checker of one operation's parsed JSON body against its precompiled schema validator, with messages naming the
 * field to fix. Throws a 400 RuleError; a missing body is refused only when the contract requires one.
 */
export function createBodyValidator(
  operationId: string,
  schema: JsonSchema,
  required: boolean,
): (data: unknown) => unknown {
  const validate = validatorFor(`${operationId} body`);
  const example = schema.example === undefined ? "" : ` such as ${JSON.stringify(schema.example)}`;
  return (data) => {
    if (data === undefined || data === null) {
      if (!required) return data;
      throw new RuleError(400, `Send a JSON body: ${describeSchema(schema)}${example}.`);
    }
    if (validate(data)) return data;
    throw new RuleError(400, bodyMessage(validate.errors?.[0], schema, example));
  };
}

function bodyMessage(error: ValidationError | undefined, schema: JsonSchema, example: string): string {
  if (!error || (error.instancePath === "" && error.keyword !== "required"))
    return `The body must be ${describeSchema(schema)}${example}.`;
  if (error.keyword === "required") {
    const field = error.params.missingProperty as string;
    const fieldSchema = propertySchema(schema, [...pathSegments(error.instancePath), field]);
    return `Body field "${field}" is required: ${fieldSchema ? describeSchema(fieldSchema) : "give a value"}.`;
  }
  const segments = pathSegments(error.instancePath);
  const fieldSchema = propertySchema(schema, segments);
  return `Body field "${segments.join(".")}" must be ${fieldSchema ? describeSchema(fieldSchema) : error.message}.`;
}

function pathSegments(pointer: string): string[] {
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function propertySchema(schema: JsonSchema, segments: string[]): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const segment of segments)
    node =
      (node?.properties as Record<string, JsonSchema> | undefined)?.[segment] ??
      (node?.items as JsonSchema | undefined);
  return node;
}
