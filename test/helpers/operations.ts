// Tests that cover every operation list them from the contract's generated operation table (`operationTable` of
// @petstore/contract, passed in: this folder resolves no workspace package), never by hand, so an operation added by
// CONTRIBUTING.md's recipe is covered without editing a test, or fails one that names what it lacks.

/** What these helpers read of an operation: a `ContractOperation` of @petstore/contract. */
export interface TableOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly sdkMethod: string;
  readonly requestBody?: { readonly schema: { readonly [keyword: string]: unknown }; readonly example?: unknown };
  readonly responses: { readonly [status: string]: { readonly schema?: unknown } };
}

/** An operationId no contract will have: the unknown operation of tests that check how one is refused. */
export const UNKNOWN_OPERATION = "notAnOperationOfTheContract";

/** One request an operation accepts, relative to the base URL. */
export interface ExampleRequest {
  readonly operationId: string;
  readonly method: string;
  /** The path with each parameter set to the given pet id, e.g. `/pets/1`. */
  readonly path: string;
  /** The request body's example from the contract, when the operation takes a body. */
  readonly body?: unknown;
}

/**
 * A valid request of `operation`: every path parameter is `petId` (the pet a test made first), the body is the
 * contract's example of the request body (the media type's `example`, else its schema's), and no query (every query
 * parameter is optional). Throws, naming the operation and where the example goes, when its body has none to send.
 */
export function exampleRequest(operation: TableOperation, petId: number | string): ExampleRequest {
  const path = operation.path.replace(/\{[^}]+\}/g, encodeURIComponent(String(petId)));
  if (!operation.requestBody) return { operationId: operation.operationId, method: operation.method, path };
  const body = operation.requestBody.example ?? operation.requestBody.schema.example;
  if (body === undefined)
    throw new Error(
      `${operation.operationId}'s request body has no example in openapi.yaml: add one at ` +
        `paths["${operation.path}"].${operation.method.toLowerCase()}.requestBody.content["application/json"].example ` +
        "(or as its schema's example); the tests send it as the operation's valid body",
    );
  return { operationId: operation.operationId, method: operation.method, path, body };
}

/** The arguments of the operation's SDK method: each path parameter (`petId`), then the body (the generated order). */
function sdkArguments(operation: TableOperation, petId: number): unknown[] {
  const pathParameters = operation.path.match(/\{[^}]+\}/g) ?? [];
  const { body } = exampleRequest(operation, petId);
  return [...pathParameters.map(() => petId), ...(operation.requestBody ? [body] : [])];
}

/** Calls the operation's SDK method (`sdkMethod`, e.g. `pets.update`) on `client` with `sdkArguments`. */
export function callSdk(client: object, operation: TableOperation, petId: number): Promise<unknown> {
  const [resource = "", method = ""] = operation.sdkMethod.split(".");
  const methods = (client as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>)[resource];
  const call = methods?.[method];
  if (!call) throw new Error(`the client has no ${operation.sdkMethod}() for ${operation.operationId}`);
  return call.apply(methods, sdkArguments(operation, petId));
}

/** The success status of the operation (its one 2xx response). */
export function successStatus(operation: TableOperation): number {
  const status = Object.keys(operation.responses).find((code) => /^2\d\d$/.test(code));
  if (status === undefined) throw new Error(`${operation.operationId} declares no 2xx response`);
  return Number(status);
}

/** Every request of the API as `METHOD /base/path`, in the table's order: what the service's messages list. */
export function routeNames(operations: readonly TableOperation[], basePath: string): string {
  return operations.map((op) => `${op.method} ${basePath}${op.path}`).join(", ");
}

/** The methods the contract serves on `path` (a template such as `/pets/{petId}`), in the table's order. */
export function methodsOf(operations: readonly TableOperation[], path: string): string[] {
  return operations.filter((op) => op.path === path).map((op) => op.method);
}

/** The `Allow` header of a 405 on `path`: the methods the contract serves there, then OPTIONS, which is answered. */
export function allowOf(operations: readonly TableOperation[], path: string): string {
  return [...methodsOf(operations, path), "OPTIONS"].join(", ");
}

/** The contract's paths, each once, in the table's order. */
export function pathsOf(operations: readonly TableOperation[]): string[] {
  return [...new Set(operations.map((op) => op.path))];
}
