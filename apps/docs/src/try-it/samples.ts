import { literal, type FieldValues, type TryItOperation } from "./fields";
import type { PreparedRequest } from "./request";

/** How the SDK sample makes its client: a named environment or a base URL. */
export type SampleClient = { environment: string } | { baseUrl: string };

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
const propertyName = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** The curl command for a prepared request; the key is read from `$PETSTORE_API_KEY`, never written out. */
export function curlSample(request: PreparedRequest): string {
  const lines = [
    `curl ${request.method === "GET" ? "" : `-X ${request.method} `}${shellQuote(request.url)}`,
    `-H "Authorization: Bearer $PETSTORE_API_KEY"`,
  ];
  for (const [name, value] of request.headers) {
    lines.push(name === "Content-Type" ? `-H "Content-Type: ${value}"` : `-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (request.body !== undefined) lines.push(`-d ${shellQuote(request.body)}`);
  return `${lines.join(" \\\n  ")}\n`;
}

/**
 * The TypeScript SDK call for `operation` with `values`: path parameters as arguments, then the body (or the query)
 * as an object, then header parameters as `{ headers }`; the result is logged.
 */
export function sdkSample(operation: TryItOperation, values: FieldValues, client: SampleClient): string {
  const filled = operation.fields.filter((f) => (values[f.key] ?? "") !== "");
  const object = (place: "body" | "query") => {
    const entries = filled.filter((f) => f.in === place);
    return `{ ${entries.map((f) => `${propertyName(f.name)}: ${literal(f, values[f.key]!)}`).join(", ")} }`.replace(
      "{  }",
      "{}",
    );
  };
  const args = operation.fields.filter((f) => f.in === "path").map((f) => literal(f, values[f.key] ?? ""));
  const headers = filled.filter((f) => f.in === "header");
  const hasBody = operation.fields.some((f) => f.in === "body");
  if (hasBody) args.push(object("body"));
  else if (filled.some((f) => f.in === "query")) args.push(object("query"));
  else if (headers.length > 0 && operation.fields.some((f) => f.in === "query")) args.push("undefined");
  if (headers.length > 0) {
    const pairs = headers.map((f) => `${JSON.stringify(f.name)}: ${JSON.stringify(values[f.key])}`);
    args.push(`{ headers: { ${pairs.join(", ")} } }`);
  }

  const namespace = operation.sdkMethod.split(".")[0]!;
  const result = operation.returnsList ? namespace : namespace.replace(/s$/, "");
  const call = `await petstore.${operation.sdkMethod}(${args.join(", ")});`;
  const { deprecation } = operation;
  const sunset = deprecation?.sunset.slice(0, 10);
  return [
    `import { createPetstoreClient } from "@petstore/client";`,
    "",
    "baseUrl" in client
      ? // Not "add environment": the client refuses environment and baseUrl together.
        `// The API key comes from PETSTORE_API_KEY. For staging, pass { environment: "staging" } instead of baseUrl.`
      : "// The API key comes from PETSTORE_API_KEY.",
    `const petstore = createPetstoreClient(${"baseUrl" in client ? `{ baseUrl: ${JSON.stringify(client.baseUrl)} }` : `{ environment: ${JSON.stringify(client.environment)} }`});`,
    "",
    ...(deprecation
      ? [
          deprecation.sdkReplacement
            ? `// Deprecated, removed on ${sunset}: use petstore.${deprecation.sdkReplacement} (${deprecation.replacement}) instead.`
            : `// Deprecated, removed on ${sunset}: use ${deprecation.replacement} instead.`,
        ]
      : []),
    ...(operation.returnsNothing
      ? [call, `console.log("done");`]
      : [`const ${result} = ${call}`, `console.log(${result});`]),
    "",
  ].join("\n");
}
