import type { OpenApiDocument } from "./reference";

/** One code sample of an operation, in the shape Redoc reads from `x-codeSamples`. */
export interface CodeSample {
  lang: "Shell" | "TypeScript";
  label: string;
  source: string;
}

interface Parameter {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  example?: unknown;
}

/** How the SDK calls each operation: the method of `petstore.pets` and how the contract's inputs become its arguments. */
const sdkCalls: Record<string, { method: string; args: "query" | "body" | "path" }> = {
  listPets: { method: "list", args: "query" },
  createPet: { method: "create", args: "body" },
  getPet: { method: "get", args: "path" },
};

type Json = Record<string, unknown>;

/** Follows a local `$ref` such as `#/components/parameters/Limit`. */
function deref<T>(document: OpenApiDocument, value: T | { $ref: string }): T {
  if (value && typeof value === "object" && "$ref" in value) {
    const target = value.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((node, key) => (node as Json)?.[key], document);
    if (target === undefined) throw new Error(`[@petstore/docs] ${value.$ref} does not resolve in the contract.`);
    return deref(document, target as T);
  }
  return value as T;
}

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
const tsObject = (value: Json) =>
  `{ ${Object.entries(value)
    .map(([key, v]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${JSON.stringify(v)}`)
    .join(", ")} }`;

/**
 * The curl and TypeScript SDK samples of every operation, by operationId, from the contract: its first server, each
 * parameter's and request body's example, and its deprecation. Throws for an operation the SDK has no call for.
 */
export function codeSamples(document: OpenApiDocument): Map<string, CodeSample[]> {
  const server = document.servers?.[0]?.url;
  if (!server) throw new Error("[@petstore/docs] the contract has no server URL to show in code samples.");
  const samples = new Map<string, CodeSample[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const id = operation.operationId;
      if (!id) continue;
      const call = sdkCalls[id];
      if (!call)
        throw new Error(
          `[@petstore/docs] no SDK call is known for operation ${id}; add it to sdkCalls in src/site/code-samples.ts.`,
        );
      const raw = operation as unknown as { parameters?: (Parameter | { $ref: string })[]; requestBody?: unknown };
      const parameters = (raw.parameters ?? []).map((p) => deref<Parameter>(document, p));
      const example = (p: Parameter) => {
        if (p.example === undefined)
          throw new Error(`[@petstore/docs] parameter ${p.name} of ${id} has no example to put in its code samples.`);
        return p.example;
      };
      const pathValues = Object.fromEntries(parameters.filter((p) => p.in === "path").map((p) => [p.name, example(p)]));
      const query = Object.fromEntries(
        parameters.filter((p) => p.in === "query" && p.example !== undefined).map((p) => [p.name, p.example]),
      );
      const body = raw.requestBody
        ? deref<{ content?: Record<string, { example?: unknown }> }>(document, raw.requestBody).content?.[
            "application/json"
          ]?.example
        : undefined;
      if (raw.requestBody && body === undefined)
        throw new Error(`[@petstore/docs] the request body of ${id} has no example to put in its code samples.`);

      const url = new URL(
        `${server}${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(pathValues[name])))}`,
      );
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
      const curl = [
        `curl ${method === "get" ? "" : `-X ${method.toUpperCase()} `}${shellQuote(url.href)}`,
        `-H "Authorization: Bearer $PETSTORE_API_KEY"`,
      ];
      if (body !== undefined)
        curl.push(`-H "Content-Type: application/json"`, `-d ${shellQuote(JSON.stringify(body))}`);

      const args =
        call.args === "query"
          ? tsObject(query)
          : call.args === "body"
            ? tsObject(body as Json)
            : Object.values(pathValues)
                .map((v) => JSON.stringify(v))
                .join(", ");
      const sunset = operation["x-deprecation"]?.sunset?.slice(0, 10);
      const result = call.args === "query" ? "pets" : "pet";
      const typescript = [
        `import { createPetstoreClient } from "@petstore/client";`,
        "",
        // Not "add environment": the client refuses environment and baseUrl together.
        `// The API key comes from PETSTORE_API_KEY. For staging, pass { environment: "staging" } instead of baseUrl.`,
        `const petstore = createPetstoreClient({ baseUrl: ${JSON.stringify(server)} });`,
        "",
        ...(operation.deprecated
          ? [
              `// Deprecated${sunset ? `, removed on ${sunset}` : ""}: use ${operation["x-deprecation"]?.replacement ?? "another operation"} instead.`,
            ]
          : []),
        `const ${result} = await petstore.pets.${call.method}(${args});`,
        `console.log(${result});`,
        "",
      ].join("\n");
      samples.set(id, [
        { lang: "Shell", label: "curl", source: `${curl.join(" \\\n  ")}\n` },
        { lang: "TypeScript", label: "TypeScript SDK", source: typescript },
      ]);
    }
  }
  return samples;
}
