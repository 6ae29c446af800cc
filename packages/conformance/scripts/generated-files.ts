import { operationTable, type ContractOperation } from "@petstore/contract";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { matrixFileAdvice, matrixFileName } from "../src/matrix/coverage";

export const generatedDir = fileURLToPath(new URL("../src/generated/", import.meta.url));

/** The folder of the matrix, one file per operation. */
const matrixDir = fileURLToPath(new URL("../src/matrix/", import.meta.url));

const hasMatrixFile = (operationId: string) => existsSync(`${matrixDir}${matrixFileName(operationId)}.ts`);

/**
 * One line per operation of the contract that has no matrix file yet, saying which file to write, what it exports
 * and to run `pnpm generate` again; `pnpm generate` prints them (the contract alone is step 1 of the recipe).
 */
export function missingMatrixFiles(operations: readonly ContractOperation[] = operationTable): string[] {
  return operations
    .filter(({ operationId }) => !hasMatrixFile(operationId))
    .map(
      ({ operationId }) => `[@petstore/conformance] ${operationId} has no cases yet: ${matrixFileAdvice(operationId)}`,
    );
}

/**
 * Renders `src/generated/matrix.ts`: every operation of the contract, by operationId, with its cases and its requests
 * for the authentication cases from `src/matrix/<operation-id>.ts`. An operation whose file does not exist yet is left
 * out, so the type-check fails naming it (the table is a record over every OperationId) and so does the matrix;
 * `missingMatrixFiles` says which file to write.
 */
export function renderMatrix(operations: readonly ContractOperation[] = operationTable): Record<string, string> {
  const ids = operations.map((op) => op.operationId);
  const present = ids.filter(hasMatrixFile);
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
