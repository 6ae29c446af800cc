import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { parse } from "yaml";
import { requestErrorStatuses, undeclaredRequestErrors } from "./request-errors";
import { resolveComponentSchemas, resolveOperations, type OpenApiDocument } from "./resolve";

const contractPath = fileURLToPath(new URL("../openapi.yaml", import.meta.url));
export const generatedDir = fileURLToPath(new URL("../src/generated/", import.meta.url));

const header = (what: string) =>
  `// Generated from openapi.yaml by \`pnpm --filter @petstore/contract generate\`: ${what}.\n` +
  `// Do not edit by hand; a test fails when this file is stale.\n\n`;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Renders every generated file of the contract package from the document at `path`, keyed by file name inside `src/generated/`. */
export async function renderGeneratedFiles(path = contractPath): Promise<Record<string, string>> {
  const yamlText = await readFile(path, "utf8");
  const document = parse(yamlText) as OpenApiDocument;
  const undeclared = undeclaredRequestErrors(document);
  if (undeclared.length > 0) throw new Error(undeclared.map((line) => `[@petstore/contract] ${line}`).join("\n"));

  const ast = await openapiTS(yamlText, { alphabetize: false });
  const schemaTs = header("the TypeScript types of the contract (openapi-typescript)") + astToString(ast);

  const documentTs = `${header("the OpenAPI document as an object")}export const openapiDocument = ${json(document)} as const;\n`;

  const table = resolveOperations(document);
  const operations = Object.fromEntries(
    table.map((op) => [
      op.operationId,
      {
        method: op.method,
        path: op.path,
        // What the client bundles: the SDK's naming (sdkMethod, sdkReplacement) is in operationTable, not here.
        ...(op.deprecation ? { deprecation: { ...op.deprecation, sdkReplacement: undefined } } : {}),
      },
    ]),
  );
  const servers = Object.fromEntries(document.servers.map((s) => [s.description.toLowerCase(), s.url]));
  const operationsTs =
    header("operation metadata and server URLs for runtime code") +
    `/** Base URL of each environment the contract declares. */\n` +
    `export const servers = ${json(servers)} as const;\n\n` +
    `/** Method, path and deprecation (from \`x-deprecation\`) of each operation, by operationId. */\n` +
    `export const operations = ${json(operations)} as const;\n`;

  const tableTs =
    header("every operation resolved ($refs inlined) into what a router and validator need") +
    `import type { ContractOperation, JsonSchema } from "../operation-table-types";\n\n` +
    `/**\n * Every operation of the contract in document order: method, path, SDK method, parameters, body, responses with\n * their schemas, and deprecation.\n */\n` +
    `export const operationTable: readonly ContractOperation[] = ${json(table)};\n\n` +
    `/** Every schema of \`components.schemas\`, resolved the same way, by name. */\n` +
    `export const componentSchemas: { readonly [name: string]: JsonSchema } = ${json(resolveComponentSchemas(document))};\n`;

  const catalogue = document["x-error-codes"];
  if (!catalogue || Object.keys(catalogue).length === 0)
    throw new Error("[@petstore/contract] openapi.yaml has no x-error-codes");
  const byStatus: Record<number, string> = {};
  for (const [code, { status }] of Object.entries(catalogue)) {
    if (byStatus[status] !== undefined)
      throw new Error(
        `[@petstore/contract] x-error-codes gives status ${status} to both ${byStatus[status]} and ${code}`,
      );
    byStatus[status] = code;
  }
  const errorsTs =
    header("the error catalogue (`x-error-codes`)") +
    `/** Every Error \`code\` of the contract with its HTTP status and meaning. */\n` +
    `export const errorCatalogue = ${json(catalogue)} as const;\n\n` +
    `/** The Error \`code\` the contract pairs with each HTTP status. */\n` +
    `export const errorCodeByStatus = {\n${Object.entries(byStatus)
      .map(([status, code]) => `  ${status}: ${JSON.stringify(code)},`)
      .join("\n")}\n} as const;\n\n` +
    `/**\n * The statuses the service answers before an operation runs (\`x-request-errors\`), by what the operation has:\n` +
    ` * every operation, one with security, one with parameters, one with a body. Each operation declares them.\n */\n` +
    `export const requestErrorStatuses = ${json(requestErrorStatuses(document))} as const;\n`;

  const statuses = (document.components.schemas.PetStatus as { enum?: string[] }).enum;
  if (!statuses) throw new Error("[@petstore/contract] components.schemas.PetStatus has no enum");
  const limits = document["x-request-limits"];
  if (!limits) throw new Error("[@petstore/contract] openapi.yaml has no x-request-limits");
  const newPet = document.components.schemas.NewPet as {
    properties?: Record<string, { minLength?: number; maxLength?: number; minimum?: number; maximum?: number }>;
  };
  const name = newPet.properties?.name;
  const categoryId = newPet.properties?.categoryId;
  if (name?.minLength === undefined || name.maxLength === undefined)
    throw new Error("[@petstore/contract] NewPet.name needs minLength and maxLength");
  if (categoryId?.minimum === undefined || categoryId.maximum === undefined)
    throw new Error("[@petstore/contract] NewPet.categoryId needs minimum and maximum");
  const valuesTs =
    header("enums and limits") +
    `/** Every value of \`PetStatus\`, in the contract's order. */\n` +
    `export const petStatuses = ${json(statuses)} as const;\n\n` +
    `/** The request limits of \`x-request-limits\`: body bytes, JSON nesting depth, request line and header bytes. */\n` +
    `export const requestLimits = ${json(limits)} as const;\n\n` +
    `/** How long \`NewPet.name\` may be, in Unicode code points (both inclusive). */\n` +
    `export const petNameLength = ${json({ min: name.minLength, max: name.maxLength })} as const;\n\n` +
    `/** The range of \`NewPet.categoryId\` (both inclusive). */\n` +
    `export const categoryIdRange = ${json({ min: categoryId.minimum, max: categoryId.maximum })} as const;\n`;

  return {
    "schema.ts": schemaTs,
    "document.ts": documentTs,
    "operations.ts": operationsTs,
    "operation-table.ts": tableTs,
    "errors.ts": errorsTs,
    "values.ts": valuesTs,
  };
}
