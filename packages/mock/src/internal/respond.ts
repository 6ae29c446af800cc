import { serviceHeaders } from "@petstore/service";
import { describeErrors, validatorFor } from "./ajv";
import { componentSchema, type ContractOperation, type Schema } from "./contract";

/** A response the contract forbids: the mock refuses to send it (MSW answers 500 with this message and reports it). */
export class PetstoreContractViolation extends Error {
  constructor(message: string) {
    super(`[@petstore/mock] ${message}`);
    this.name = "PetstoreContractViolation";
  }
}

const JSON_TYPE = "application/json; charset=utf-8";
let errorSchema: Schema | undefined;

/**
 * The response the contract declares for `status` of `operation` (no `schema` when it has no body); its `default`
 * covers only error statuses (4xx/5xx), as the typed overrides assume, so an undeclared 2xx is reported as such.
 * Error for paths outside the contract.
 */
function responseFor(operation: ContractOperation | undefined, status: number): { schema?: Schema } | undefined {
  if (!operation) return { schema: (errorSchema ??= componentSchema("Error")) };
  return operation.responses[String(status)] ?? (status >= 400 ? operation.responses.default : undefined);
}

/** Throws PetstoreContractViolation unless `body` is what the contract allows for `status` of `operation`. */
export function assertContractBody(
  operation: ContractOperation | undefined,
  status: number,
  body: unknown,
  source: string,
): void {
  const where = operation
    ? `${operation.operationId} (${operation.method} ${operation.path})`
    : "a path outside the contract";
  const declared = responseFor(operation, status);
  if (!declared)
    throw new PetstoreContractViolation(
      `${source} answered ${where} with status ${status}, which the contract does not declare for it.`,
    );
  const { schema } = declared;
  // A status declared without content (deletePet's 204): the only allowed body is none.
  if (!schema) {
    if (body === undefined) return;
    throw new PetstoreContractViolation(
      `${source} answered ${where} with a ${status} body, but the contract declares ${status} without one.`,
    );
  }
  const validate = validatorFor(schema);
  if (!validate(body)) {
    throw new PetstoreContractViolation(
      `${source} answered ${where} with a ${status} body the contract forbids: ${describeErrors(validate)}. Fix the response body.`,
    );
  }
  if (status >= 400 && (body as { status?: unknown }).status !== status) {
    throw new PetstoreContractViolation(
      `${source} answered ${where} with an Error body whose status ${String((body as { status?: unknown }).status)} is not the HTTP status ${status}.`,
    );
  }
}

/**
 * Headers every response of `operation` carries, as the service sends them: `X-Request-Id`, `nosniff`, `no-store`
 * and the contract's constant headers (getPet's deprecation).
 */
export function standardHeaders(operation: ContractOperation | undefined, requestId: string): Record<string, string> {
  return { ...serviceHeaders(requestId), ...(operation?.constantHeaders ?? {}) };
}

/** A JSON response, checked against the contract first, with the standard headers. */
export function contractJson(
  operation: ContractOperation | undefined,
  status: number,
  body: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  assertContractBody(operation, status, body, "the handlers");
  const text = JSON.stringify(body);
  return new Response(text, {
    status,
    headers: {
      "content-type": JSON_TYPE,
      "content-length": String(byteLength(text)),
      ...standardHeaders(operation, requestId),
      ...headers,
    },
  });
}

const encoder = new TextEncoder();

/** The size of `text` in UTF-8, as `Content-Length` counts it. */
function byteLength(text: string): number {
  return encoder.encode(text).byteLength;
}
