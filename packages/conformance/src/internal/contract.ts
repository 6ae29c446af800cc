import { errorCodeByStatus as generatedErrorCodes, openapiDocument } from "@petstore/contract";

/** A JSON object as found in the OpenAPI document. */
export type JsonObject = Record<string, any>;

const document = openapiDocument as unknown as JsonObject;

/** The contract's OpenAPI document as a plain object. */
export const contractDocument: JsonObject = document;

/** Follows `$ref` pointers inside the contract until a concrete node is reached. */
export function resolveRef(node: JsonObject): JsonObject {
  if (typeof node?.$ref !== "string") return node;
  const target = (node.$ref as string)
    .slice(2)
    .split("/")
    .reduce<JsonObject>((at, key) => at?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], document);
  if (target === undefined) throw new Error(`[@petstore/conformance] unresolvable $ref ${node.$ref}`);
  return resolveRef(target);
}

/** The operation object whose `operationId` is given. */
export function operationObject(operationId: string): { path: string; method: string; operation: JsonObject } {
  for (const [path, item] of Object.entries(document.paths as JsonObject)) {
    for (const [method, operation] of Object.entries(item as JsonObject)) {
      if ((operation as JsonObject).operationId === operationId)
        return { path, method, operation: operation as JsonObject };
    }
  }
  throw new Error(`[@petstore/conformance] the contract has no operation ${operationId}`);
}

/** The response object the contract declares for this status (or its `default`), resolved. */
export function responseObject(operationId: string, status: number): JsonObject | undefined {
  const responses = operationObject(operationId).operation.responses as JsonObject;
  const declared = responses[String(status)] ?? responses.default;
  return declared === undefined ? undefined : resolveRef(declared);
}

/** The HTTP methods the contract serves on a path template such as `/pets/{petId}`, upper-case. */
export function pathMethods(template: string): string[] {
  const item = (document.paths as JsonObject)[template] as JsonObject | undefined;
  if (!item) throw new Error(`[@petstore/conformance] the contract has no path ${template}`);
  const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
  return Object.keys(item)
    .filter((key) => methods.includes(key))
    .map((method) => method.toUpperCase());
}

/** Each operation's method (upper-case), a pattern its paths match (query allowed) and its operationId. */
const routes = Object.entries(document.paths as JsonObject).flatMap(([template, item]) =>
  Object.entries(item as JsonObject)
    .filter(([, operation]) => typeof (operation as JsonObject)?.operationId === "string")
    .map(([method, operation]) => ({
      method: method.toUpperCase(),
      pattern: new RegExp(
        `^${template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
          .join("[^/?]+")}(\\?|$)`,
      ),
      operationId: (operation as JsonObject).operationId as string,
    })),
);

/** The operation a request addresses, by its method and its path relative to the base URL (query allowed). */
export function operationAt(method: string, path: string): string | undefined {
  return routes.find((route) => route.method === method && route.pattern.test(path))?.operationId;
}

/** A parameter's schema, resolved, looked up by operation and parameter name. */
export function parameterSchema(operationId: string, name: string): JsonObject {
  const { operation } = operationObject(operationId);
  const parameter = (operation.parameters as JsonObject[]).map(resolveRef).find((p) => p.name === name);
  if (!parameter) throw new Error(`[@petstore/conformance] ${operationId} has no parameter ${name}`);
  return resolveRef(parameter.schema as JsonObject);
}

/** A component schema, resolved. */
export function componentSchema(name: string): JsonObject {
  return resolveRef({ $ref: `#/components/schemas/${name}` });
}

/** The `code` the contract's catalogue (`x-error-codes`) pairs with each error status. */
export const errorCodeByStatus: Readonly<Record<number, string>> = generatedErrorCodes;
