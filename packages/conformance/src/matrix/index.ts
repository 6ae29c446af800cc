import type { ConformanceCase } from "../case";
import { operationMatrices } from "../generated/matrix";
import { authCases } from "./auth";
import { assertCoversContract } from "./coverage";
import { routeCases } from "./routes";

/**
 * The whole request matrix, derived from the contract and DESIGN §2: the authentication cases, each operation's own
 * (its matrix file, found through the generated index), and the routes outside the contract. Ids are unique and
 * stable; every operation is covered.
 */
export function buildMatrix(): ConformanceCase[] {
  const cases = [
    ...authCases(),
    ...Object.values(operationMatrices).flatMap((matrix) => matrix.cases()),
    ...routeCases(),
  ];
  const seen = new Set<string>();
  for (const { id } of cases) {
    if (seen.has(id)) throw new Error(`[@petstore/conformance] duplicate case id ${id}`);
    seen.add(id);
  }
  assertCoversContract(cases);
  return cases;
}
