import { operationTable } from "@petstore/contract";
import type { ConformanceCase } from "../case";

/** `createPet` → `create-pet`: the name of the file under `src/matrix/` that holds an operation's cases. */
export function matrixFileName(operationId: string): string {
  return operationId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * What to do for an operation without cases, naming the file from the repository's root:
 * `write packages/conformance/src/matrix/create-pet.ts exporting …, then run pnpm generate again`.
 */
export function matrixFileAdvice(operationId: string): string {
  return (
    `write packages/conformance/src/matrix/${matrixFileName(operationId)}.ts exporting ` +
    `\`${operationId}Cases(): ConformanceCase[]\` and \`${operationId}Requests: OperationRequests\` ` +
    "(as get-pet.ts does), then run pnpm generate again"
  );
}

/**
 * Throws naming every contract operation that no case addresses, and the matrix file to write for it, so a new
 * operation in openapi.yaml fails the conformance lint instead of being left out of the matrix without a word.
 */
export function assertCoversContract(
  cases: readonly ConformanceCase[],
  operations: readonly { operationId: string }[] = operationTable,
): void {
  const covered = new Set(cases.map((kase) => kase.operationId));
  const missing = operations.filter(({ operationId }) => !covered.has(operationId as ConformanceCase["operationId"]));
  if (missing.length > 0) {
    throw new Error(
      `[@petstore/conformance] no cases for: ${missing.map(({ operationId }) => operationId).join(", ")}\n` +
        missing.map(({ operationId }) => `  ${operationId}: ${matrixFileAdvice(operationId)}`).join("\n"),
    );
  }
}
