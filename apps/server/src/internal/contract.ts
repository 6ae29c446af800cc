import { openapiDocument, operationTable } from "@petstore/contract";

/** A JSON Schema object as the contract writes it, after `$ref`s are inlined. */
export type Schema = { [keyword: string]: unknown };

/** One parameter of an operation, with its schema resolved. */
export interface ContractParameter {
  name: string;
  in: "query" | "path" | "header";
  required: boolean;
  schema: Schema;
}

/** One operation of the contract, resolved into what a router needs. */
export interface ContractOperation {
  operationId: string;
  method: string;
  /** The OpenAPI path template, e.g. `/pets/{petId}`. */
  path: string;
  parameters: ContractParameter[];
  /** Schema of the `application/json` request body, when the operation takes one. */
  requestBody?: { required: boolean; schema: Schema };
  /** Schema of each response's `application/json` body, keyed by status code (or `default`). */
  responses: Record<string, Schema>;
  /** Response headers whose schema fixes a `const` value (e.g. `Sunset`), to send on every response. */
  constantHeaders: Record<string, string>;
}

const document = openapiDocument as unknown as Schema;

/** Inlines every local `$ref` of `value` against the contract document (the contract has no cycles). */
export function resolveRefs<T>(value: T, seen: string[] = []): T {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, seen)) as T;
  if (value === null || typeof value !== "object") return value;
  const ref = (value as Schema).$ref;
  if (typeof ref === "string") {
    if (seen.includes(ref)) throw new Error(`[@petstore/server] the contract has a cyclic $ref: ${ref}`);
    return resolveRefs(lookupPointer(ref), [...seen, ref]) as T;
  }
  const out: Schema = {};
  for (const [key, child] of Object.entries(value)) out[key] = resolveRefs(child, seen);
  return out as T;
}

function lookupPointer(ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`[@petstore/server] only local $refs are supported, got ${ref}`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    node = (node as Schema | undefined)?.[key];
  }
  if (node === undefined) throw new Error(`[@petstore/server] the contract's $ref ${ref} points nowhere`);
  return node;
}

/** A schema from `components/schemas`, resolved. */
export function componentSchema(name: string): Schema {
  return resolveRefs({ $ref: `#/components/schemas/${name}` });
}

/**
 * The path every server URL of the contract ends in (`/v1`): operations are served under it. The servers
 * must agree, since one reference server stands in for all of them.
 */
export function contractBasePath(servers: unknown = document.servers): string {
  // A relative server URL is resolved against a placeholder origin: only its path matters here.
  const pathOf = (server: { url: string }) => new URL(server.url, "http://relative.invalid").pathname.replace(/\/$/, "");
  const paths = new Set(((servers ?? []) as { url: string }[]).map(pathOf));
  const [path, ...others] = [...paths];
  if (path === undefined || others.length > 0) {
    throw new Error(`[@petstore/server] the contract's servers must share one base path, found ${JSON.stringify([...paths])}`);
  }
  return path;
}

/**
 * Every operation in the contract, in document order, from the generated operation table: the JSON schema of each
 * response by status (bodiless responses have none) and the headers fixed by the contract.
 */
export function contractOperations(): ContractOperation[] {
  return operationTable.map((op) => {
    const responses: Record<string, Schema> = {};
    for (const [status, response] of Object.entries(op.responses)) if (response.schema) responses[status] = response.schema as Schema;
    return {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      parameters: op.parameters as ContractParameter[],
      ...(op.requestBody ? { requestBody: op.requestBody as { required: boolean; schema: Schema } } : {}),
      responses,
      constantHeaders: op.constantHeaders as Record<string, string>,
    };
  });
}
