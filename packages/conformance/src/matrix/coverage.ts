import { operationTable } from "@petstore/contract";
import type { ConformanceCase } from "../case";

/**
 * Throws naming every contract operation that no case addresses, so a new operation in openapi.yaml fails the
 * conformance lint instead of being left out of the matrix without a word.
 */
export function assertCoversContract(
  cases: readonly ConformanceCase[],
  operations: readonly { operationId: string }[] = operationTable,
): void {
  const covered = new Set(cases.map((kase) => kase.operationId));
  const missing = operations.filter(({ operationId }) => !covered.has(operationId as ConformanceCase["operationId"]));
  if (missing.length > 0) {
    throw new Error(
      `[@petstore/conformance] no cases for: ${missing.map(({ operationId }) => operationId).join(", ")}`,
    );
  }
}
