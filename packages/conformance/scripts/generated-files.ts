import { operationTable, type ContractOperation } from "@petstore/contract";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const generatedDir = fileURLToPath(new URL("../src/generated/", import.meta.url));

/** The folder of the matrix, one file per operation. */
const matrixDir = fileURLToPath(new URL("../src/matrix/", import.meta.url));

/** `createPet` → `create-pet`: the file under `src/matrix/` that holds an operation's cases. */
export function matrixFileName(operationId: string): string {
  return operationId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * Renders `src/generated/matrix.ts`: every operation of the contract, by operationId, with its cases and its requests
 * for the authentication cases from `src/matrix/<operation-id>.ts`. An operation whose file does not exist yet is left
 * out, so the type-check fails naming it (the table is a record over every OperationId) and so does the matrix.
 */
export function renderMatrix(operations: readonly ContractOperation[] = operationTable): Record<string, string> {
  const ids = operations.map((op) => op.operationId);
  const present = ids.filter((id) => existsSync(`${matrixDir}${matrixFileName(id)}.ts`));
  const text =
    "// Generated from packages/contract/openapi.yaml by `pnpm --filter @petstore/conformance generate`: each\n" +
    "// operation's matrix file, src/matrix/<operation-id>.ts. Do not edit by hand; a test fails when this file is stale.\n" +
    'import type { OperationId } from "@petstore/contract";\n' +
    'import type { OperationMatrix } from "../case";\n' +
    present.map((id) => `import { ${id}Cases, ${id}Requests } from "../matrix/${matrixFileName(id)}";\n`).join("") +
    "\n/** The cases and the authentication requests of every operation of the contract, by operationId. */\n" +
    "export const operationMatrices: Record<OperationId, OperationMatrix> = {\n" +
    present.map((id) => `  ${id}: { cases: ${id}Cases, requests: ${id}Requests },\n`).join("") +
    "};\n";
  return { "matrix.ts": text };
}
