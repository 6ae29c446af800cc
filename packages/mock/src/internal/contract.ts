import { openapiDocument, operationTable, type OperationId } from "@petstore/contract";

/** A JSON Schema object as the contract writes it, after `$ref`s are inlined. */
export type Schema = { [keyword: string]: unknown };

/** One parameter of an operation, with its schema resolved. */
export interface ContractParameter {
  name: string;
  in: "query" | "path" | "header";
  required: boolean;
  schema: Schema;
}

/** One operation of the contract, resolved into what the handlers need. */
export interface ContractOperation {
  operationId: OperationId;
  method: string;
  /** The OpenAPI path template, e.g. `/pets/{petId}`. */
  path: string;
  parameters: ContractParameter[];
  /** Schema of the `application/json` request body, when the operation takes one. */
  requestBody?: { required: boolean; schema: Schema };
  /** Schema of each response's `application/json` body, keyed by status code (or `default`). */
  responses: Record<string, Schema>;
  /** Response headers whose schema fixes a `const` value (e.g. `Sunset`), sent on every response of the operation. */
  constantHeaders: Record<string, string>;
}

const document = openapiDocument as unknown as Schema;

/** Inlines every local `$ref` of `value` against the contract document (the contract has no cycles). */
export function resolveRefs<T>(value: T, seen: readonly string[] = []): T {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, seen)) as T;
  if (value === null || typeof value !== "object") return value;
  const ref = (value as Schema).$ref;
  if (typeof ref === "string") {
    if (seen.includes(ref)) throw new Error(`[@petstore/mock] the contract has a cyclic $ref: ${ref}`);
    return resolveRefs(lookupPointer(ref), [...seen, ref]) as T;
  }
  const out: Schema = {};
  for (const [key, child] of Object.entries(value)) out[key] = resolveRefs(child, seen);
  return out as T;
}

function lookupPointer(ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`[@petstore/mock] only local $refs are supported, got ${ref}`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split("/")) node = (node as Schema | undefined)?.[raw.replaceAll("~1", "/").replaceAll("~0", "~")];
  if (node === undefined) throw new Error(`[@petstore/mock] the contract's $ref ${ref} points nowhere`);
  return node;
}

const components = new Map<string, Schema>();

/** A schema from `components/schemas`, resolved once: one object per name, so compiled validators are cached too. */
export function componentSchema(name: string): Schema {
  let schema = components.get(name);
  if (!schema) {
    schema = resolveRefs({ $ref: `#/components/schemas/${name}` });
    components.set(name, schema);
  }
  return schema;
}

let cache: ContractOperation[] | undefined;

/**
 * Every operation in the contract, in document order, from the generated operation table: the JSON schema of each
 * response by status (bodiless responses have none) and the headers fixed by the contract.
 */
export function contractOperations(): ContractOperation[] {
  return (cache ??= operationTable.map((op) => {
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
  }));
}

/** The operation with this id; throws a message listing the valid ids otherwise. */
export function operationById(operationId: string): ContractOperation {
  const found = contractOperations().find((op) => op.operationId === operationId);
  if (!found) {
    const ids = contractOperations().map((op) => op.operationId).join(", ");
    throw new TypeError(`[@petstore/mock] unknown operation ${JSON.stringify(operationId)}: use one of ${ids}`);
  }
  return found;
}
