import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { parse } from "yaml";

export const contractPath = fileURLToPath(new URL("../openapi.yaml", import.meta.url));
export const generatedDir = fileURLToPath(new URL("../src/generated/", import.meta.url));

const header = (what: string) =>
  `// Generated from openapi.yaml by \`pnpm --filter @petstore/contract generate\`: ${what}.\n` +
  `// Do not edit by hand; a test fails when this file is stale.\n\n`;

interface OperationObject {
  operationId: string;
  deprecated?: boolean;
  "x-deprecation"?: { deprecatedAt: string; sunset: string; replacement: string; link: string };
}

/** Renders every generated file of the contract package, keyed by file name inside `src/generated/`. */
export async function renderGeneratedFiles(): Promise<Record<string, string>> {
  const yamlText = await readFile(contractPath, "utf8");
  const document = parse(yamlText) as {
    servers: { url: string; description: string }[];
    paths: Record<string, Record<string, OperationObject>>;
  };

  const ast = await openapiTS(yamlText, { alphabetize: false });
  const schemaTs = header("the TypeScript types of the contract (openapi-typescript)") + astToString(ast);

  const documentTs =
    header("the OpenAPI document as an object") +
    `export const openapiDocument = ${JSON.stringify(document, null, 2)} as const;\n`;

  const operations: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const deprecation = operation["x-deprecation"];
      operations[operation.operationId] = {
        method: method.toUpperCase(),
        path,
        ...(operation.deprecated && deprecation ? { deprecation } : {}),
      };
    }
  }
  const servers = Object.fromEntries(document.servers.map((s) => [s.description.toLowerCase(), s.url]));
  const operationsTs =
    header("operation metadata and server URLs for runtime code") +
    `/** Base URL of each environment the contract declares. */\n` +
    `export const servers = ${JSON.stringify(servers, null, 2)} as const;\n\n` +
    `/** Method, path and deprecation (from \`x-deprecation\`) of each operation, by operationId. */\n` +
    `export const operations = ${JSON.stringify(operations, null, 2)} as const;\n`;

  return { "schema.ts": schemaTs, "document.ts": documentTs, "operations.ts": operationsTs };
}
