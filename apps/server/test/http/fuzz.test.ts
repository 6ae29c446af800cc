import { operationTable, type ContractOperation } from "@petstore/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectContractResponse } from "../helpers/contract";
import { call, useServer } from "../helpers/server";

const server = useServer();

/** A path segment a client may send: any text, and numbers beyond every range. */
const segment = fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.bigInt().map(String), fc.double().map(String));

/** Whether `text` parses as JSON. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Any request to `operation` a client can make up from the contract's own shape: each path parameter any segment,
 * each query parameter any text or left out, and (when it takes a body) any JSON value, an object with the body's
 * fields set to any JSON, or any text.
 */
function anyRequest(operation: ContractOperation) {
  const pathNames = operation.parameters.filter((p) => p.in === "path").map((p) => p.name);
  const queryNames = operation.parameters.filter((p) => p.in === "query").map((p) => p.name);
  const fields = Object.keys((operation.requestBody?.schema.properties ?? {}) as object);
  const body = operation.requestBody
    ? fc.oneof(
        fc.jsonValue().map((value) => JSON.stringify(value)),
        fc
          .record(Object.fromEntries(fields.map((name) => [name, fc.jsonValue()])), { requiredKeys: [] })
          .map((value) => JSON.stringify(value)),
        fc.string({ unit: "grapheme", maxLength: 60 }),
      )
    : fc.constant(undefined);
  return fc.record({
    path: fc.tuple(...pathNames.map(() => segment)).map((values) => {
      let path = operation.path;
      values.forEach((value, index) => {
        path = path.replace(`{${pathNames[index]}}`, encodeURIComponent(value));
      });
      return path;
    }),
    query: fc.record(Object.fromEntries(queryNames.map((name) => [name, fc.string({ maxLength: 12 })])), {
      requiredKeys: [],
    }),
    body,
  });
}

// Any input a client can send must get a contract response: never a 500, never a dropped connection. Every operation
// of the contract, listed from it.
describe("arbitrary client input", () => {
  it.each(operationTable.map((op) => [op.operationId, op] as const))(
    "%s answers a status it declares with a valid body, and 400 for a body that is not JSON",
    async (operationId, operation) => {
      await fc.assert(
        fc.asyncProperty(anyRequest(operation), async ({ path, query, body }) => {
          const search = new URLSearchParams(query as Record<string, string>).toString();
          const response = await call(server.current, `/v1${path}${search ? `?${search}` : ""}`, {
            method: operation.method,
            body,
          });
          // One it declares by number (not only through `default`); never 401 (the key is good) or 5xx.
          expect(Object.keys(operation.responses)).toContain(String(response.status));
          expect([401, 500, 503]).not.toContain(response.status);
          expectContractResponse(operationId, response.status, response.body);
          if (body !== undefined && !isJson(body)) expect(response.status).toBe(400);
        }),
        { numRuns: 150 },
      );
    },
  );
});
