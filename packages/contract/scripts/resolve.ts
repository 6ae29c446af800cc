type Json = { [key: string]: unknown };

/** The parts of the OpenAPI document the generator reads. */
export interface OpenApiDocument {
  servers: { url: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> } & Json;
  "x-error-codes"?: Record<string, { status: number; description: string }>;
  "x-request-limits"?: Record<string, number>;
  "x-request-errors"?: Record<string, { description?: string; codes?: string[] } | undefined>;
  security?: unknown[];
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"];
// Values that are data, not schemas: kept as written.
const DATA_KEYWORDS = new Set(["example", "examples", "const", "enum", "default"]);

/** Inlines every local `$ref` against `document` and drops `description` prose from schemas (the contract has no cycles). */
function resolve(document: Json, value: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => resolve(document, item, seen));
  if (value === null || typeof value !== "object") return value;
  const ref = (value as Json).$ref;
  if (typeof ref === "string") {
    if (seen.includes(ref)) throw new Error(`[@petstore/contract] the contract has a cyclic $ref: ${ref}`);
    return resolve(document, lookup(document, ref), [...seen, ref]);
  }
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === "description" && typeof child === "string") continue;
    if (key === "responses" && child !== null && typeof child === "object") {
      // A `default` response is a response, not a schema's default value.
      out[key] = Object.fromEntries(
        Object.entries(child).map(([status, response]) => [status, resolve(document, response, seen)]),
      );
    } else out[key] = DATA_KEYWORDS.has(key) ? child : resolve(document, child, seen);
  }
  return out;
}

function lookup(document: Json, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`[@petstore/contract] only local $refs are supported, got ${ref}`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split("/"))
    node = (node as Json | undefined)?.[raw.replaceAll("~1", "/").replaceAll("~0", "~")];
  if (node === undefined) throw new Error(`[@petstore/contract] the contract's $ref ${ref} points nowhere`);
  return node;
}

const jsonSchemaOf = (content: unknown) =>
  ((content as Json | undefined)?.["application/json"] as Json | undefined)?.schema as Json | undefined;

/** One operation, resolved (the shape of `ContractOperation` in src/operation-table-types.ts, plus its deprecation). */
export interface ResolvedOperation {
  operationId: string;
  method: string;
  path: string;
  parameters: { name: string; in: string; required: boolean; schema: Json }[];
  requestBody?: { required: boolean; schema: Json; example?: unknown };
  responses: Record<string, { schema?: Json; headers: Record<string, { required: boolean; const?: string }> }>;
  constantHeaders: Record<string, string>;
  sdkMethod: string;
  deprecation?: Deprecation;
}

/** `x-deprecation` of a deprecated operation, plus the SDK call that replaces it when the replacement is an operation. */
interface Deprecation {
  deprecatedAt: string;
  sunset: string;
  replacement: string;
  link: string;
  sdkReplacement?: string;
}

const SDK_METHOD = /^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/;

/**
 * The SDK method of an operation (`resource.verb`): its `x-sdk-method`, or else read from an operationId of the form
 * verb + plural resource (`listPets` → `pets.list`).
 */
function sdkMethodOf(op: Json, where: string): string {
  const given = op["x-sdk-method"];
  if (given !== undefined) {
    if (typeof given !== "string" || !SDK_METHOD.test(given))
      throw new Error(`[@petstore/contract] ${where} has x-sdk-method ${JSON.stringify(given)}; write resource.verb`);
    return given;
  }
  const parts = /^([a-z]+)([A-Z][A-Za-z0-9]*s)$/.exec(op.operationId as string);
  if (!parts)
    throw new Error(
      `[@petstore/contract] ${where}: the operationId does not say the SDK method; add x-sdk-method (e.g. pets.update)`,
    );
  return `${parts[2]![0]!.toLowerCase()}${parts[2]!.slice(1)}.${parts[1]}`;
}

/**
 * The SDK call replacing a deprecated operation, when `x-deprecation.replacement` names one as `METHOD /path?query=…`:
 * `GET /pets?status=…` → `pets.list({ status })`.
 */
function sdkReplacementOf(replacement: string, table: readonly ResolvedOperation[]): string | undefined {
  const parts = /^([A-Z]+) ([^?\s]+)(?:\?(\S*))?$/.exec(replacement);
  const target = parts && table.find((op) => op.method === parts[1] && op.path === parts[2]);
  if (!target) return undefined;
  const args = [...target.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const query = (parts[3] ?? "")
    .split("&")
    .map((pair) => pair.split("=")[0]!)
    .filter(Boolean);
  if (query.length > 0) args.push(`{ ${query.join(", ")} }`);
  return `${target.sdkMethod}(${args.join(", ")})`;
}

/** Every operation of `document` in document order, with parameters, body and responses resolved. */
export function resolveOperations(document: OpenApiDocument): ResolvedOperation[] {
  const doc = document as unknown as Json;
  const result: ResolvedOperation[] = [];
  for (const [path, rawItem] of Object.entries(document.paths)) {
    const item = resolve(doc, rawItem) as Json;
    const shared = (item.parameters as ResolvedOperation["parameters"] | undefined) ?? [];
    for (const method of Object.keys(item).filter((key) => METHODS.includes(key))) {
      const op = item[method] as Json;
      if (typeof op.operationId !== "string")
        throw new Error(`[@petstore/contract] ${method.toUpperCase()} ${path} has no operationId`);
      const responses: ResolvedOperation["responses"] = {};
      const constantHeaders: Record<string, string> = {};
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        const headers: Record<string, { required: boolean; const?: string }> = {};
        for (const [name, spec] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
          const value = (spec.schema as Json | undefined)?.const;
          headers[name] = { required: spec.required === true, ...(typeof value === "string" ? { const: value } : {}) };
          if (typeof value === "string") constantHeaders[name] = value;
        }
        const schema = jsonSchemaOf(response.content);
        responses[status] = { ...(schema ? { schema } : {}), headers };
      }
      const body = op.requestBody as Json | undefined;
      const bodySchema = body ? jsonSchemaOf(body.content) : undefined;
      const bodyExample = ((body?.content as Json | undefined)?.["application/json"] as Json | undefined)?.example;
      const parameters = [...shared, ...((op.parameters as ResolvedOperation["parameters"] | undefined) ?? [])];
      result.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        parameters: parameters.map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required === true,
          schema: p.schema,
        })),
        ...(bodySchema
          ? {
              requestBody: {
                required: body?.required === true,
                schema: bodySchema,
                ...(bodyExample === undefined ? {} : { example: bodyExample }),
              },
            }
          : {}),
        responses,
        constantHeaders,
        sdkMethod: sdkMethodOf(op, `${method.toUpperCase()} ${path}`),
        ...(op.deprecated === true && op["x-deprecation"]
          ? { deprecation: { ...((rawItem[method] as Json)["x-deprecation"] as Deprecation) } }
          : {}),
      });
    }
  }
  const seen = new Map<string, string>();
  for (const op of result) {
    const other = seen.get(op.sdkMethod);
    if (other)
      throw new Error(`[@petstore/contract] ${other} and ${op.operationId} both have the SDK method ${op.sdkMethod}`);
    seen.set(op.sdkMethod, op.operationId);
    const sdkReplacement = op.deprecation && sdkReplacementOf(op.deprecation.replacement, result);
    if (sdkReplacement) op.deprecation!.sdkReplacement = sdkReplacement;
  }
  return result;
}

/** Every schema of `components.schemas`, resolved like the operations' schemas, by name. */
export function resolveComponentSchemas(document: OpenApiDocument): Record<string, unknown> {
  const doc = document as unknown as Json;
  return Object.fromEntries(
    Object.keys(document.components.schemas).map((name) => [
      name,
      resolve(doc, { $ref: `#/components/schemas/${name}` }),
    ]),
  );
}
