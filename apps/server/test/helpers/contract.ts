import { openapiDocument } from "@petstore/contract";
import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "vitest";

// An independent validator built straight from the contract document (not the server's resolver), so a
// bug in the server's schema handling cannot hide itself.
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat("int32", { type: "number", validate: (n: number) => Number.isInteger(n) });
ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) });
ajv.addSchema({ ...(openapiDocument as object), $id: "petstore" });

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        responses: Record<string, { $ref?: string; content?: unknown; headers?: Record<string, unknown> }>;
      }
    >
  >;
};

function operation(operationId: string) {
  for (const [path, item] of Object.entries((openapiDocument as unknown as Doc).paths)) {
    for (const [method, op] of Object.entries(item)) if (op.operationId === operationId) return { path, method, op };
  }
  throw new Error(`no operation ${operationId}`);
}

/** Asserts `body` is valid against the contract's schema `components/schemas/<name>`. */
export function expectSchema(name: string, body: unknown): void {
  const validate = ajv.getSchema(`petstore#/components/schemas/${name}`)!;
  expect(validate(body), `${name}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(body)}`).toBe(true);
}

/** Asserts a response is one the contract declares for this operation, with a body valid against its schema. */
export function expectContractResponse(operationId: string, status: number, body: unknown): void {
  const { path, method, op } = operation(operationId);
  const declared = String(status) in op.responses ? String(status) : "default";
  expect(op.responses[declared], `${operationId} declares no ${status}`).toBeDefined();
  const pointer = `#/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/${method}/responses/${declared}`;
  const response = op.responses[declared]!;
  const target = response.$ref
    ? (response.$ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], openapiDocument) as {
        content?: unknown;
      })
    : response;
  if (target.content === undefined) {
    // A response declared without content (a 204): no body at all.
    expect(body, `${operationId} ${status} declares no body`).toBeUndefined();
    return;
  }
  const base = response.$ref ? response.$ref : pointer;
  const validate = ajv.getSchema(`petstore${base}/content/application~1json/schema`)!;
  expect(validate(body), `${operationId} ${status}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(body)}`).toBe(
    true,
  );
}

/** Asserts an Error body valid against the contract, whose status equals the HTTP status and whose code is `code`. */
export function expectError(status: number, body: unknown, code: string): void {
  expectSchema("Error", body);
  expect(body).toMatchObject({ status, code });
  expect((body as { message: string }).message.length).toBeGreaterThan(10);
}

/** The contract's `const` value of a header in components/headers. */
export function contractHeader(name: string): string {
  const headers = (
    openapiDocument as unknown as { components: { headers: Record<string, { schema: { const: string } }> } }
  ).components.headers;
  return headers[name]!.schema.const;
}
