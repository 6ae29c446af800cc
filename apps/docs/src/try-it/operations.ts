import { operationTable, type ContractOperation } from "@petstore/contract";
import type { OpenApiDocument } from "../site/reference";
import { operationFields, type FieldValues, type TryItOperation } from "./fields";

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  example?: unknown;
}

/** Follows a local `$ref` such as `#/components/parameters/Limit`. */
function deref<T>(document: OpenApiDocument, value: T | { $ref: string }): T {
  if (value && typeof value === "object" && "$ref" in value) {
    const target = value.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((node, key) => (node as Json)?.[key], document);
    if (target === undefined) throw new Error(`[@petstore/docs] ${value.$ref} does not resolve in the contract.`);
    return deref(document, target as T);
  }
  return value as T;
}

/**
 * The document's examples for an operation as form values: each parameter's `example` and the JSON request body's
 * `example` (else its schema's, such as `NewPet`'s), header parameters aside. Throws when a path parameter or the body
 * has none, since no sample could be shown without it.
 */
function documentExamples(
  document: OpenApiDocument,
  id: string,
  described: unknown,
  schemaExample: unknown,
): FieldValues {
  const raw = described as { parameters?: (Parameter | { $ref: string })[]; requestBody?: unknown };
  const values: FieldValues = {};
  for (const parameter of (raw.parameters ?? []).map((p) => deref<Parameter>(document, p))) {
    if (parameter.in === "path" && parameter.example === undefined)
      throw new Error(
        `[@petstore/docs] parameter ${parameter.name} of ${id} has no example to put in its code samples.`,
      );
    // Not a header's (Idempotency-Key): one typed once would be sent with every later body, and refused.
    if (parameter.example !== undefined && parameter.in !== "header")
      values[`${parameter.in}.${parameter.name}`] = String(parameter.example);
  }
  if (raw.requestBody) {
    const body =
      deref<{ content?: Record<string, { example?: unknown }> }>(document, raw.requestBody).content?.[
        "application/json"
      ]?.example ?? schemaExample;
    if (body === undefined)
      throw new Error(`[@petstore/docs] the request body of ${id} has no example to put in its code samples.`);
    for (const [name, value] of Object.entries(body as Json)) values[`body.${name}`] = String(value);
  }
  return values;
}

/**
 * What the try-it panels, the samples and the search need of each operation of `document`, in document order: the
 * form fields, SDK method and deprecation from @petstore/contract's generated operation table; the summary and
 * examples from the document.
 * Throws for an operation the operation table does not have (the contract's generated files are stale).
 */
export function tryItOperations(document: OpenApiDocument, table: readonly ContractOperation[] = operationTable) {
  const operations: TryItOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, described] of Object.entries(item)) {
      const id = described.operationId;
      if (!id) continue;
      const operation = table.find((op) => op.operationId === id);
      if (!operation)
        throw new Error(
          `[@petstore/docs] operation ${id} (${method.toUpperCase()} ${path}) is not in @petstore/contract's operation table; run pnpm generate.`,
        );
      const success = Object.keys(operation.responses).find((status) => /^2\d\d$/.test(status));
      const schema = success ? operation.responses[success]!.schema : undefined;
      operations.push({
        operationId: id,
        method: operation.method,
        path: operation.path,
        summary: described.summary ?? id,
        sdkMethod: operation.sdkMethod,
        returnsList: schema?.type === "array",
        returnsNothing: schema === undefined,
        ...(operation.deprecation
          ? {
              deprecation: {
                sunset: operation.deprecation.sunset,
                replacement: operation.deprecation.replacement,
                ...(operation.deprecation.sdkReplacement
                  ? { sdkReplacement: operation.deprecation.sdkReplacement }
                  : {}),
              },
            }
          : {}),
        fields: operationFields(operation),
        examples: documentExamples(document, id, described, operation.requestBody?.schema.example),
      });
    }
  }
  return operations;
}
