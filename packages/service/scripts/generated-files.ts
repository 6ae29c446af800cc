import { componentSchemas, operationTable, type ContractOperation, type JsonSchema } from "@petstore/contract";
import { Ajv } from "ajv";
import standalone from "ajv/dist/standalone/index.js";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { operationFileAdvice, operationFileName } from "../src/operation";

export const generatedDir = fileURLToPath(new URL("../src/generated/", import.meta.url));

/**
 * The one set of Ajv options for every request and response check of the service (server and mock alike): all
 * errors off (the first one is reported), no type coercion (parameters are coerced by `coerceParameter` first),
 * defaults not inserted (a schema `default` is applied to a missing parameter by the rules, never to a body: the
 * contract gives bodies none), formats checked (int32/int64 are turned into bounds below).
 */
const AJV_OPTIONS = {
  strict: false,
  allErrors: false,
  coerceTypes: false,
  useDefaults: false,
  validateFormats: true,
} as const;

// `int64` numbers must be safe JavaScript integers: JSON.parse rounds anything larger, so accepting one would store
// a different number than the client sent. Folded into the schema's own bounds (the stricter of the two wins), so the
// generated code needs no format functions and checks each bound once.
const FORMAT_BOUNDS: Record<string, { minimum: number; maximum: number }> = {
  int32: { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 },
  int64: { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
};
const DATA_KEYWORDS = new Set(["const", "enum"]);
/** Annotations: they validate nothing, so the compiled code does not carry them. */
const ANNOTATIONS = new Set(["example", "examples", "default", "description", "title", "deprecated"]);
/**
 * The keywords the validators are compiled for. Each means the same in JSON Schema draft-07, which Ajv compiles
 * without 2020-12's bookkeeping of evaluated properties (code a browser bundle would carry for nothing); a contract
 * schema using another keyword stops the generator instead of being checked by the wrong rules.
 */
const KEYWORDS = new Set([
  "type",
  "enum",
  "const",
  "required",
  "properties",
  "additionalProperties",
  "items",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minProperties",
  "maxProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "format",
]);
/** Keywords whose value is a map of schemas by name, not a schema. */
const SCHEMA_MAPS = new Set(["properties"]);

function forAjv(schema: unknown, where = "#"): unknown {
  if (Array.isArray(schema)) return schema.map((item, i) => forAjv(item, `${where}/${i}`));
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (!KEYWORDS.has(key))
      throw new Error(
        `[@petstore/service] ${where} uses the keyword ${key}, which the generated validators do not compile: add it to KEYWORDS in scripts/generated-files.ts if it means the same in draft-07`,
      );
    if (DATA_KEYWORDS.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key))
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, sub]) => [
          name,
          forAjv(sub, `${where}/${key}/${name}`),
        ]),
      );
    else out[key] = forAjv(value, `${where}/${key}`);
  }
  const bounds = typeof out.format === "string" ? FORMAT_BOUNDS[out.format] : undefined;
  if (bounds) {
    delete out.format;
    out.minimum = Math.max(bounds.minimum, (out.minimum as number | undefined) ?? bounds.minimum);
    out.maximum = Math.min(bounds.maximum, (out.maximum as number | undefined) ?? bounds.maximum);
  }
  return out;
}

// Ajv's standalone code imports a few helpers at run time; the ones the contract needs are inlined so the generated
// module imports nothing (no CommonJS `require` in a browser bundle).
const RUNTIME: Record<string, string> = {
  ucs2length:
    "function(str){let length=0;let pos=0;const len=str.length;while(pos<len){length++;const value=str.charCodeAt(pos++);if(value>=0xd800&&value<=0xdbff&&pos<len){const extra=str.charCodeAt(pos);if((extra&0xfc00)===0xdc00)pos++;}}return length;}",
};

/** The key of the validator of one part of an operation. */
function validatorKey(operation: Pick<ContractOperation, "operationId">, part: string): string {
  return `${operation.operationId} ${part}`;
}

/** Every schema the service checks at run time, keyed: parameters, request bodies, response bodies. */
function schemasToCompile(
  operations: readonly ContractOperation[] = operationTable,
  components: { readonly [name: string]: JsonSchema } = componentSchemas,
): Map<string, JsonSchema> {
  const schemas = new Map<string, JsonSchema>();
  for (const [name, schema] of Object.entries(components)) schemas.set(`component ${name}`, schema);
  for (const op of operations) {
    for (const param of op.parameters) schemas.set(validatorKey(op, `${param.in}:${param.name}`), param.schema);
    if (op.requestBody) schemas.set(validatorKey(op, "body"), op.requestBody.schema);
    for (const [status, response] of Object.entries(op.responses))
      if (response.schema) schemas.set(validatorKey(op, `response:${status}`), response.schema);
  }
  return schemas;
}

const header =
  "// Generated from packages/contract/openapi.yaml by `pnpm --filter @petstore/service generate`: validators\n" +
  "// precompiled by Ajv (standalone code) for every parameter, request body and response body of the contract.\n" +
  "// Do not edit by hand; a test fails when this file is stale.\n" +
  "// @ts-nocheck\n";

/**
 * `schema` with each nested object schema that already has a validator (a component, such as the items of a list of
 * `Pet`) replaced by a reference to it, so its checks are generated once and called. Error messages and instance paths
 * are the same either way.
 */
function sharedObjects(schema: unknown, names: ReadonlyMap<string, string>, root = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => sharedObjects(item, names));
  if (schema === null || typeof schema !== "object") return schema;
  const record = schema as Record<string, unknown>;
  const name = record.type === "object" && !root ? names.get(JSON.stringify(schema)) : undefined;
  if (name !== undefined) return { $ref: name };
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, DATA_KEYWORDS.has(key) ? value : sharedObjects(value, names)]),
  );
}

/** Renders `src/generated/validators.ts` for `operations`. */
export function renderValidators(
  operations: readonly ContractOperation[] = operationTable,
  components: { readonly [name: string]: JsonSchema } = componentSchemas,
): Record<string, string> {
  // References are compiled as calls, not copied into the caller (see sharedObjects).
  const ajv = new Ajv({ ...AJV_OPTIONS, inlineRefs: false, code: { source: true, esm: true, lines: true } });
  // Identical schemas (every Error response) share one validator.
  const names = new Map<string, string>();
  const table: string[] = [];
  for (const [key, schema] of schemasToCompile(operations, components)) {
    const prepared = sharedObjects(forAjv(schema), names, true) as object;
    const text = JSON.stringify(prepared);
    let name = names.get(text);
    if (name === undefined) {
      name = `v${names.size}`;
      names.set(text, name);
      ajv.addSchema(prepared, name);
    }
    table.push(`  ${JSON.stringify(key)}: ${name},`);
  }
  const exports = Object.fromEntries([...names.values()].map((name) => [name, name]));
  // ajv/dist/standalone is CommonJS: its function is the module itself or its `default`, depending on the loader.
  const loaded = standalone as unknown as { default?: unknown };
  const standaloneCode = (typeof loaded.default === "function" ? loaded.default : loaded) as (
    ajv: unknown,
    refs: Record<string, string>,
  ) => string;
  let code = standaloneCode(ajv, exports);
  code = code.replace(/^"use strict";/, "");
  code = code.replace(/require\("ajv\/dist\/runtime\/([\w-]+)"\)\.default/g, (_match, name: string) => {
    const inline = RUNTIME[name];
    if (!inline)
      throw new Error(
        `[@petstore/service] the contract needs Ajv's runtime helper ${name}: add it to RUNTIME in scripts/generated-files.ts`,
      );
    return `(${inline})`;
  });
  // Nothing reads an error's schemaPath (messages name the instance path): not shipped.
  code = code.replace(/schemaPath:"(?:[^"\\]|\\.)*",/g, "");
  if (/require\(/.test(code)) throw new Error("[@petstore/service] the standalone validators still require a module");
  const text = `${header}${code}\n\n/** Each precompiled validator by key (\`<operationId> <part>\`). */\nexport const validators = {\n${table.join("\n")}\n};\n`;
  return { "validators.ts": text };
}

/** The folder of the operations' functions, one file each. */
const operationsDir = fileURLToPath(new URL("../src/operations/", import.meta.url));

const hasOperationFile = (operationId: string) => existsSync(`${operationsDir}${operationFileName(operationId)}.ts`);

/**
 * One line per operation of the contract that has no function file yet, saying which file to write, what it exports
 * and to run `pnpm generate` again; `pnpm generate` prints them (the contract alone is step 1 of the recipe).
 */
export function missingOperationFiles(operations: readonly ContractOperation[] = operationTable): string[] {
  return operations
    .filter(({ operationId }) => !hasOperationFile(operationId))
    .map(
      ({ operationId }) =>
        `[@petstore/service] ${operationId} has no function yet: ${operationFileAdvice(operationId)}`,
    );
}

/**
 * Renders `src/generated/operations.ts`: every operation of the contract, by operationId, imported from
 * `src/operations/<operation-id>.ts`. An operation whose file does not exist yet is left out, so the type-check fails
 * naming it (the table is a record over every OperationId) and the service refuses to start naming it and its file;
 * `missingOperationFiles` says which file to write.
 */
export function renderOperations(operations: readonly ContractOperation[] = operationTable): Record<string, string> {
  const ids = operations.map((op) => op.operationId);
  const present = ids.filter(hasOperationFile);
  const text =
    "// Generated from packages/contract/openapi.yaml by `pnpm --filter @petstore/service generate`: each operation's\n" +
    "// function from src/operations/<operation-id>.ts. Do not edit by hand; a test fails when this file is stale.\n" +
    'import type { OperationId } from "@petstore/contract";\n' +
    'import type { Operation } from "../operation";\n' +
    present.map((id) => `import { ${id} } from "../operations/${operationFileName(id)}";\n`).join("") +
    "\n/** The function of every operation of the contract, by operationId. */\n" +
    `export const operationFunctions: Record<OperationId, Operation> = { ${present.join(", ")} };\n`;
  return { "operations.ts": text };
}
