import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  componentSchemas,
  type ContractOperation,
  type JsonSchema,
  openapiDocument,
  operationTable,
  servers,
} from "@petstore/contract";

/** Where the generated files go. */
export const generatedDir = fileURLToPath(new URL("../src/generated/", import.meta.url));

const header = (what: string) =>
  `// Generated from @petstore/contract's openapi.yaml by \`pnpm generate\` (packages/client/scripts/generate.ts): ${what}.\n` +
  `// Do not edit by hand; a test fails when this file is stale.\n\n`;

type Json = { readonly [key: string]: unknown };
const str = JSON.stringify;
const upperFirst = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
const lowerFirst = (text: string) => `${text[0]!.toLowerCase()}${text.slice(1)}`;

// The SDK's own versions of contract schemas (an open `Pet` whose status may be one a newer service added): a
// response of that schema is typed with them.
const sdkTypes = new Set(
  [...readFileSync(new URL("../src/types.ts", import.meta.url), "utf8").matchAll(/^export type (\w+)/gm)].map(
    (match) => match[1]!,
  ),
);

/** The operation as written (with `$ref`s), for naming its schemas. */
const written = (op: ContractOperation) =>
  (openapiDocument.paths as Json as Record<string, Record<string, Json>>)[op.path]![op.method.toLowerCase()]!;

const refName = (schema: unknown) => {
  const ref = (schema as Json | undefined)?.$ref;
  return typeof ref === "string" && ref.startsWith("#/components/schemas/") ? ref.slice(21) : undefined;
};
const mediaSchema = (content: unknown) => ((content as Json | undefined)?.["application/json"] as Json)?.schema;
const writtenSchema = (name: string) =>
  (openapiDocument.components.schemas as Json)[name] as Json & { items?: unknown };

/** The success response: the first 2xx the contract declares. */
const success = (op: ContractOperation) => {
  const status = Object.keys(op.responses).find((code) => /^2/.test(code));
  if (!status) throw new Error(`[@petstore/client] ${op.operationId} declares no 2xx response`);
  return status;
};

/**
 * The name of an SDK method's body argument, from the contract: the request body's `x-sdk-body` when it has one, else
 * the name of its component schema without a leading `New` (`NewPet` → `pet`, `StatusUpdate` → `statusUpdate`), else
 * `body` (an inline schema). Throws, saying to set `x-sdk-body`, on a name that is no identifier or is taken by
 * another argument of the method (`taken`: its path parameters, `params`, `options`).
 */
export function bodyNameOf(requestBody: Json, where: string, taken: readonly string[]): string {
  const given = requestBody["x-sdk-body"];
  const schemaName = refName(mediaSchema(requestBody.content));
  const name =
    typeof given === "string" ? given : schemaName ? lowerFirst(schemaName.replace(/^New(?=[A-Z])/, "")) : "body";
  const problem = !/^[A-Za-z_$][\w$]*$/.test(name)
    ? "is no JavaScript identifier"
    : [...taken, "params", "options"].includes(name)
      ? "is the name of another argument of the method"
      : undefined;
  if (problem)
    throw new Error(
      `[@petstore/client] ${where}: the request body's argument name ${str(name)} ${problem}; ` +
        "set the request body's x-sdk-body in openapi.yaml to another name (e.g. x-sdk-body: change)",
    );
  return name;
}

/** What one operation's SDK method looks like. */
interface Method {
  op: ContractOperation;
  id: string;
  resource: string;
  verb: string;
  path: ContractOperation["parameters"][number][];
  query: ContractOperation["parameters"][number][];
  bodyName: string;
  mutation: boolean;
  /** The TypeScript type of each argument before `options`, as `name: Type` or `name?: Type`. */
  args: string[];
  result: string;
}

function methodOf(op: ContractOperation, aliases: Set<string>): Method {
  const [resource, verb] = op.sdkMethod.split(".") as [string, string];
  const id = op.operationId;
  const O = `Operations[${str(id)}]`;
  const typeOf = (schema: unknown, response: boolean): string | undefined => {
    const name = refName(schema);
    if (!name) return undefined;
    const items = writtenSchema(name).items;
    if (response && items) return `${typeOf(items, response) ?? `${name}[number]`}[]`;
    if (response && sdkTypes.has(name)) return name;
    aliases.add(name);
    return name;
  };
  const path = op.parameters.filter((p) => p.in === "path");
  const query = op.parameters.filter((p) => p.in === "query");
  const body = written(op).requestBody as Json | undefined;
  const bodyName = body
    ? bodyNameOf(
        body,
        `${op.method} ${op.path}`,
        path.map((p) => p.name),
      )
    : "";
  const args = path.map((p) => `${p.name}: ${O}["parameters"]["path"][${str(p.name)}]`);
  if (op.requestBody) {
    const type = typeOf(mediaSchema(body!.content), false);
    args.push(
      `${bodyName}${op.requestBody.required ? "" : "?"}: ${type ?? `NonNullable<${O}["requestBody"]>["content"]["application/json"]`}`,
    );
  }
  if (query.length > 0) args.push(`params${query.some((p) => p.required) ? "" : "?"}: ${upperFirst(id)}Params`);
  const status = success(op);
  const response = (written(op).responses as Record<string, Json>)[status]!;
  const result = op.responses[status]!.schema
    ? (typeOf(mediaSchema(resolveResponse(response).content), true) ??
      `${O}["responses"][${str(status)}]["content"]["application/json"]`)
    : "void";
  return { op, id, resource, verb, path, query, bodyName, mutation: op.method !== "GET", args, result };
}

function resolveResponse(response: Json): Json {
  const ref = response.$ref;
  if (typeof ref !== "string") return response;
  return (openapiDocument.components as Json as Record<string, Record<string, Json>>).responses![
    ref.split("/").pop()!
  ]!;
}

/** The JSDoc of a method: the summary, the description's first paragraph, and `@deprecated` with the contract's dates. */
function jsDoc(method: Method, indent: string, lead = ""): string {
  const op = written(method.op);
  const d = method.op.deprecation;
  // The description's first paragraph, or the summary (a deprecated operation's description is its deprecation).
  const first = d
    ? undefined
    : (op.description as string | undefined)
        ?.split(/\n\s*\n/)[0]
        ?.replace(/\s+/g, " ")
        .trim();
  const text = `${lead}${first || `${op.summary as string}.`}`;
  const lines = wrap(text, 110 - indent.length - 3);
  if (d) {
    lines.push(
      ...wrap(
        `@deprecated Removed on ${d.sunset.slice(0, 10)}. Use \`${d.sdkReplacement ?? d.replacement}\`${d.sdkReplacement ? ` (${d.replacement})` : ""} instead.`,
        110 - indent.length - 3,
      ),
    );
  }
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`).join("\n")}\n${indent} */\n`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

function byResource(methods: Method[]): Map<string, Method[]> {
  const groups = new Map<string, Method[]>();
  for (const method of methods) groups.set(method.resource, [...(groups.get(method.resource) ?? []), method]);
  return groups;
}

/**
 * What the SDK checks of an argument before sending it, from its schema: a JSON type, an integer's bounds, an enum
 * (the service judges the rest). `test` writes the expression that holds for a good value.
 */
function ruleOf(schema: JsonSchema): { test: (value: string) => string; what: string } {
  if (Array.isArray(schema.enum)) {
    return { test: (value) => `${str(schema.enum)}.includes(${value})`, what: `one of ${str(schema.enum)}` };
  }
  if (schema.type === "integer") {
    // Number.isSafeInteger bounds every integer already; bounds at or past the safe range say no more.
    const inside = (bound: unknown) =>
      Math.abs(bound as number) < Number.MAX_SAFE_INTEGER ? (bound as number) : undefined;
    const min = inside(schema.minimum);
    const max = inside(schema.maximum);
    const what =
      max !== undefined
        ? `an integer from ${min ?? Number.MIN_SAFE_INTEGER} to ${max}`
        : min === 1
          ? "a positive integer"
          : min !== undefined
            ? `an integer of at least ${min}`
            : "an integer";
    const bounds = (value: string) =>
      `${min !== undefined ? ` && ${value} >= ${min}` : ""}${max !== undefined ? ` && ${value} <= ${max}` : ""}`;
    return { test: (value) => `(Number.isSafeInteger(${value})${bounds(value)})`, what };
  }
  const test = JSON_TEST[schema.type as string];
  if (!test) throw new Error(`[@petstore/client] no SDK check for the schema ${str(schema)}`);
  const holds = (value: string) => {
    const fails = test(value);
    return fails.startsWith("!") ? fails.slice(1) : fails.replace(" !== ", " === ");
  };
  return { test: holds, what: WHAT[schema.type as string]! };
}

/**
 * The expressions checking one argument: each holds, or a TypeError names the argument (`label`) and says what it
 * must be. A string's length is counted in code points, as the contract's `minLength` and `maxLength` are.
 */
const checkOf = (schema: JsonSchema, label: string, value: string) => {
  const { test, what } = ruleOf(schema);
  const checks = [`${test(value)} || invalid(${str(label)}, ${str(what)}, ${value})`];
  const [min, max] = [schema.minLength as number | undefined, schema.maxLength as number | undefined];
  if (schema.type === "string" && (min !== undefined || max !== undefined)) {
    const within = [min !== undefined && `length >= ${min}`, max !== undefined && `length <= ${max}`].filter(Boolean);
    checks.push(
      `((length: number) => (${within.join(" && ")}) || invalid(${str(label)}, ${str(lengthWords(min, max))}, length))([...${value}].length)`,
    );
  }
  return checks.join(", ");
};

/** A string's `minLength` and `maxLength` (at least one of them) as a message says them: "1 to 255 characters". */
const lengthWords = (min: number | undefined, max: number | undefined) =>
  min !== undefined && max !== undefined
    ? `${min} to ${max} characters`
    : min !== undefined
      ? `at least ${min} characters`
      : `at most ${max} characters`;

/** Schema keywords that say nothing a check could test. */
const PROSE = new Set(["title", "description", "example", "examples"]);

/**
 * Writes the check of the `Idempotency-Key` the SDK sends (the `idempotencyKey` request option, or the header given in
 * `headers`), and the option's JSDoc, from the header's schema in the contract: every operation declaring the header
 * must give it the same schema, since one option serves every method. Each character is one a header value can carry
 * (tab, space, visible ASCII and obs-text), so a character is one code point, as `minLength` and `maxLength` count
 * them; a `pattern` is tested too. Without a declaration only the header's characters are checked.
 */
function idempotencyKeyRule(table: readonly ContractOperation[]): { check: string; what: string } {
  const declared = table.flatMap((op) =>
    op.parameters
      .filter((p) => p.in === "header" && p.name.toLowerCase() === "idempotency-key")
      .map((p) => [op.operationId, p.schema] as const),
  );
  const schemas = new Set(declared.map(([, schema]) => str(schema)));
  if (schemas.size > 1)
    throw new Error(
      `[@petstore/client] the operations give Idempotency-Key different schemas (${declared.map(([id, schema]) => `${id}: ${str(schema)}`).join(", ")}); ` +
        "the SDK's one idempotencyKey option needs one: give every operation the same parameter",
    );
  const schema = declared[0]?.[1] ?? { type: "string" };
  const {
    minLength: min,
    maxLength: max,
    pattern,
  } = schema as { minLength?: number; maxLength?: number; pattern?: string };
  const unchecked = Object.keys(schema).filter(
    (k) => !PROSE.has(k) && !["type", "minLength", "maxLength", "pattern"].includes(k),
  );
  if (schema.type !== "string" || unchecked.length > 0)
    throw new Error(`[@petstore/client] no SDK check for the Idempotency-Key schema ${str(schema)}`);
  const length = min === undefined && max === undefined ? "+" : `{${min ?? 0},${max ?? ""}}`;
  // `source` escapes what a regular expression literal cannot hold (`/`, line breaks); an invalid pattern throws here.
  const matching = pattern === undefined ? "" : ` && /${new RegExp(pattern, "u").source}/u.test(value)`;
  const what = `${min === undefined && max === undefined ? "a non-empty header value" : lengthWords(min, max)}${pattern === undefined ? "" : ` matching ${pattern}`}`;
  return {
    check: `(typeof value === "string" && /^[\\t -~\\x80-\\xff]${length}$/.test(value)${matching}) || invalid(name, ${str(what)}, value)`,
    what,
  };
}

const JSON_TEST: Record<string, (value: string) => string> = {
  integer: (value) => `!Number.isSafeInteger(${value})`,
  number: (value) => `typeof ${value} !== "number"`,
  string: (value) => `typeof ${value} !== "string"`,
  boolean: (value) => `typeof ${value} !== "boolean"`,
  array: (value) => `!Array.isArray(${value})`,
  object: (value) => `!isRecord(${value})`,
};
const WHAT: Record<string, string> = {
  integer: "an integer",
  number: "a number",
  string: "a string",
  boolean: "a boolean",
  array: "an array",
  object: "an object",
};

/**
 * Writes the checkers of success bodies: only what makes a body unusable counts, a missing required property or one
 * of the wrong JSON type. An unknown enum value or an extra property is what a newer server sends, and passes. The
 * checks run for every item of every response, so they are plain reads by name, not a walk over a table.
 */
function responseCheckers() {
  const definitions: string[] = [];
  const names = new Map<string, string>();
  const named = (schema: JsonSchema) =>
    Object.entries(componentSchemas).find(([, component]) => str(component) === str(schema))?.[0];
  const checker = (schema: JsonSchema, fallback: string): string => {
    const key = str(schema);
    const known = names.get(key);
    if (known) return known;
    const name = `${lowerFirst(named(schema) ?? fallback)}Problem`;
    names.set(key, name);
    if (schema.type === "array") {
      const item = checker(schema.items as JsonSchema, `${fallback}Item`);
      definitions.push(`const ${name} = (value: unknown): string => arrayProblem(value, ${item});\n`);
    } else if (schema.type === "object") {
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const tests = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).flatMap(([prop, sub]) => {
        const test = JSON_TEST[sub.type as string];
        if (!test) return [];
        if (/\s/.test(prop)) throw new Error(`[@petstore/client] no SDK check for a property named ${str(prop)}`);
        const value = /^[A-Za-z_$][\w$]*$/.test(prop) ? `value.${prop}` : `value[${str(prop)}]`;
        const when = required.has(prop) ? test(value) : `(${value} !== undefined && ${test(value)})`;
        return [`    : ${when}\n      ? bad(at, value, ${str(prop)}, ${str(WHAT[sub.type as string])})\n`];
      });
      definitions.push(
        `// biome-ignore lint/suspicious/noExplicitAny: each property is tested before it is trusted\n` +
          `const ${name} = (value: any, at = ""): string =>\n  !isRecord(value)\n    ? \`\${at || "/"} must be an object\`\n${tests.join("")}    : "";\n`,
      );
    } else {
      const test = JSON_TEST[schema.type as string];
      if (!test) throw new Error(`[@petstore/client] no SDK check for the response schema ${key}`);
      definitions.push(
        `const ${name} = (value: unknown): string => (${test("value")} ? ${str(`/ must be ${WHAT[schema.type as string]}`)} : "");\n`,
      );
    }
    return name;
  };
  return { definitions, checker };
}

/**
 * Renders every generated file of the client, keyed by file name inside `src/generated/`, from the contract's
 * operations and servers (the base URL of each environment, by name, in the contract's order).
 */
export function renderGeneratedFiles(
  table: readonly ContractOperation[] = operationTable,
  contractServers: Readonly<Record<string, string>> = servers,
): Record<string, string> {
  const aliases = new Set<string>();
  const methods = table.map((op) => methodOf(op, aliases));
  const { definitions, checker } = responseCheckers();

  const queryChecks: string[] = [];
  const deprecations: string[] = [];
  const operations = methods.map((m) => {
    const args: string[] = [];
    const checks: string[] = [];
    const path = m.path.map((p, index) => {
      const name = /^[A-Za-z_$][\w$]*$/.test(p.name) ? p.name : `path${index}`;
      args.push(name);
      checks.push(checkOf(p.schema, p.name, name));
      return name === p.name ? name : `${str(p.name)}: ${name}`;
    });
    // The request as a `CallInput` tuple: path parameters, query parameters, body, then the RequestOptions.
    const result = [path.length ? `{ ${path.join(", ")} }` : "", "", "", "options"];
    const bodySchema = m.op.requestBody?.schema;
    if (bodySchema) {
      args.push(m.bodyName);
      checks.push(`checkObject(${str(`${m.op.sdkMethod} ${m.bodyName}`)}, ${m.bodyName})`);
      for (const prop of (bodySchema.required as string[] | undefined) ?? []) {
        const value = /^[A-Za-z_$][\w$]*$/.test(prop) ? `${m.bodyName}.${prop}` : `${m.bodyName}[${str(prop)}]`;
        checks.push(
          checkOf((bodySchema.properties as Record<string, JsonSchema>)[prop]!, `${m.bodyName}.${prop}`, value),
        );
      }
      result[2] = m.bodyName;
    }
    if (m.query.length) {
      args.push("params");
      const rules = m.query.map((p) => {
        const { test, what } = ruleOf(p.schema);
        return `  ${/^\w+$/.test(p.name) ? p.name : str(p.name)}: (name, value) => ${test("value")} || invalid(name, ${str(what)}, value),\n`;
      });
      queryChecks.push(
        `/** The check of each query parameter of \`${m.op.sdkMethod}\`. */\nconst ${m.id}Query: Record<string, Check> = {\n${rules.join("")}};\n`,
      );
      checks.push(`checkOptions(${str(`${m.op.sdkMethod} parameter`)}, (params ??= {}), ${m.id}Query)`);
      result[1] = "params";
    }
    const input = `(${[...args, "options"].map((arg) => `${arg}: any`).join(", ")}): CallInput => (${[...checks, `[${result.join(", ")}]`].join(", ")})`;
    const d = m.op.deprecation;
    // A date-time at midnight UTC as the date alone, which `new Date` reads as the same instant; made once, when the
    // client is first used (a pure annotation lets a bundle that never reads the table drop it).
    const instant = (dateTime: string) =>
      `/* @__PURE__ */ new Date(${str(dateTime.replace(/T00:00(:00(\.0+)?)?Z$/, ""))})`;
    // The typed client names the replacement as an SDK call when the contract says which.
    const deprecation =
      d &&
      `{ deprecatedAt: ${instant(d.deprecatedAt)}, sunset: ${instant(d.sunset)}, replacement: ${str(d.sdkReplacement ?? d.replacement)}, link: ${str(d.link)} }`;
    const schema = m.op.responses[success(m.op)]!.schema;
    const entries = [
      str(`${m.op.sdkMethod}()`),
      input,
      schema ? checker(schema, m.id) : "0",
      str(m.op.method),
      str(m.op.path),
    ];
    if (deprecation) deprecations.push(`  ${m.id}: ${deprecation},\n`);
    return `  ${m.id}: [\n    ${entries.join(",\n    ")},\n  ],\n`;
  });
  const operationsTs =
    header("how the client checks and sends each operation") +
    `import type { OperationId } from "@petstore/contract";\n` +
    `import type { CallInput } from "../internal/call";\n` +
    `import { type Check, checkObject, checkOptions, invalid, isRecord } from "../internal/fail";\n` +
    `import { arrayProblem, bad, type Deprecations, type OperationSpec } from "../internal/operation-spec";\n\n` +
    definitions.join("\n") +
    "\n" +
    queryChecks.join("\n") +
    `\n/**\n * Every operation of the contract and how the typed client calls it, by operationId: its SDK method, how the\n * method's arguments (path parameters, body, query parameters, then RequestOptions) are checked and become the\n * request, the check of its success body (0 when it has none), and its HTTP method and path.\n */\n` +
    `export const OPERATIONS = {\n${operations.join("")}} satisfies Record<OperationId, OperationSpec>;\n\n` +
    `/**\n * The deprecated operations, by operationId, with the SDK call replacing each (a table of their own, so\n * \`@petstore/client/query\` does not carry it).\n */\n` +
    `export const DEPRECATIONS: Deprecations = {${deprecations.length ? `\n${deprecations.join("")}` : ""}};\n\n` +
    `/** How many arguments each method takes before its RequestOptions. */\n` +
    `export const ARITY: Record<OperationId, number> = {\n${methods.map((m) => `  ${m.id}: ${m.args.length},\n`).join("")}};\n`;

  const params = methods
    .filter((m) => m.query.length > 0)
    .map(
      (m) =>
        `/** Query parameters of \`${m.op.sdkMethod}\`, from the contract. */\n` +
        `export type ${upperFirst(m.id)}Params = NonNullable<Operations[${str(m.id)}]["parameters"]["query"]>;\n`,
    );
  const resources = [...byResource(methods)].map(
    ([resource, list]) =>
      `  ${resource}: {\n${list
        .map(
          (m) =>
            `${jsDoc(m, "    ")}    ${m.verb}(${[...m.args, "options?: RequestOptions"].join(", ")}): PetstorePromise<${m.result}>;\n`,
        )
        .join("")}  };\n`,
  );
  const keyObject = (m: Method) => {
    const path = m.path.length
      ? `{ ${m.path.map((p) => `${p.name}: Operations[${str(m.id)}]["parameters"]["path"][${str(p.name)}]`).join("; ")} }`
      : "";
    const query = m.query.length ? `${upperFirst(m.id)}Params` : "";
    return [path, query].filter(Boolean).join(" & ") || "{}";
  };
  const keys = methods.map(
    (m) =>
      `/** ${m.mutation ? "Mutation" : "Query"} key of \`${m.op.sdkMethod}\`. */\n` +
      `export type ${upperFirst(m.id)}Key = readonly ["petstore", ${str(m.id)}${m.mutation ? "" : `, ${keyObject(m)}`}];\n`,
  );
  const variables = (m: Method) =>
    m.args.length === 0 ? "void" : m.args.length === 1 ? m.args[0]!.replace(/^\w+\??: /, "") : `[${m.args.join(", ")}]`;
  const queries = [...byResource(methods)].map(
    ([resource, list]) =>
      `  ${resource}: {\n${list
        .map((m) =>
          m.mutation
            ? `${jsDoc(m, "    ", `Mutation options for \`${m.op.sdkMethod}\`: `)}    ${m.verb}(): PetstoreMutationOptions<${m.result}, ${variables(m)}, ${upperFirst(m.id)}Key>;\n`
            : `${jsDoc(m, "    ", `Query options for \`${m.op.sdkMethod}\`: `)}    ${m.verb}(${m.args.join(", ")}): PetstoreQueryOptions<${m.result}, ${upperFirst(m.id)}Key>;\n`,
        )
        .join("")}  };\n`,
  );
  const used = [...sdkTypes].filter((name) => methods.some((m) => new RegExp(`\\b${name}\\b`).test(m.result)));
  const imports = (names: string[], sdk: string[]) =>
    `import type { ${[...(aliases.size ? ["components"] : []), "Operations"].join(", ")} } from "@petstore/contract";\n` +
    names.join("") +
    (sdk.length ? `import type { ${sdk.join(", ")} } from "../types";\n` : "") +
    "\n" +
    [...aliases].map((name) => `type ${name} = components["schemas"][${str(name)}];\n`).join("") +
    (aliases.size ? "\n" : "");
  const typesTs =
    header("the typed methods and their parameters") +
    imports([`import type { RequestOptions } from "../options";\n`], [...used, "PetstorePromise"]) +
    params.join("\n") +
    `\n/** The typed methods of a client, one per operation of the contract, grouped by resource; each throws \`PetstoreError\`s. */\n` +
    `export interface PetstoreResources {\n${resources.join("")}}\n`;
  const queryTs =
    header("the TanStack Query options of each operation") +
    imports(
      [
        `import type { PetstoreMutationOptions, PetstoreQueryOptions } from "../query/queries";\n`,
        ...(params.length
          ? [
              `import type { ${methods
                .filter((m) => m.query.length)
                .map((m) => `${upperFirst(m.id)}Params`)
                .join(", ")} } from "./types";\n`,
            ]
          : []),
      ],
      used,
    ) +
    keys.join("\n") +
    `\n/** TanStack-Query-shaped options for each operation of a Petstore client: queries for reads, mutations for changes. */\n` +
    `export interface PetstoreQueries {\n${queries.join("")}}\n`;

  const key = idempotencyKeyRule(table);
  const names = Object.keys(contractServers).map((name) => `\`${str(name)}\` (${contractServers[name]})`);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names.join("");
  // The path every server's URL has (`/v1`), which a `baseUrl` of your own includes too.
  const paths = new Set(Object.values(contractServers).map((url) => new URL(url).pathname.replace(/\/+$/, "")));
  const path = paths.size === 1 ? [...paths][0] : "";
  const optionsTs =
    header("the options whose rules and documentation the contract writes") +
    `import type { Environment } from "@petstore/contract";\n` +
    `import { type Check, invalid } from "../internal/fail";\n\n` +
    `/** Checks an \`Idempotency-Key\` given to the SDK (option or header): ${key.what}, each one a header value can carry. */\n` +
    `export const checkIdempotencyKey: Check = (name, value) =>\n  ${key.check};\n\n` +
    `/** The request option setting a create's \`Idempotency-Key\`, with the contract's rule (a part of \`RequestOptions\`). */\n` +
    `export interface IdempotencyKeyOption {\n` +
    `  /** \`Idempotency-Key\` for a create (${key.what}), reused on every retry. Defaults to an \`Idempotency-Key\` in \`headers\`, else a fresh random UUID per call. */\n` +
    `  idempotencyKey?: string | undefined;\n}\n\n` +
    `/** \`environment\` (one of the contract's servers, the first by default) or \`baseUrl\`, not both. */\n` +
    `export type ServerOptions =\n` +
    `  | {\n` +
    `      /** Which of the contract's servers to call: ${listed}. Defaults to \`${str(Object.keys(contractServers)[0])}\`. */\n` +
    `      environment?: Environment | undefined;\n` +
    `      /** Not with \`environment\`: pass one of them. */\n` +
    `      baseUrl?: undefined;\n` +
    `    }\n` +
    `  | {\n` +
    `      /** Not with \`baseUrl\`: pass one of them. */\n` +
    `      environment?: undefined;\n` +
    `      /** Base URL${path ? ` including \`${path}\`` : ""}, for a local server or a proxy; cannot be combined with \`environment\`. Defaults to the environment's URL. */\n` +
    `      baseUrl?: string | undefined;\n` +
    `    };\n`;

  return {
    "operations.ts": operationsTs,
    "types.ts": typesTs,
    "query.ts": queryTs,
    "options.ts": optionsTs,
  };
}
