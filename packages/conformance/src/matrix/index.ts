import type { ConformanceCase } from "../case";
import { authCases } from "./auth";
import { assertCoversContract } from "./coverage";
import { createPetCases } from "./create-pet";
import { getPetCases } from "./get-pet";
import { idempotencyCases } from "./idempotency";
import { listPetsCases } from "./list-pets";
import { routeCases } from "./routes";

/** The whole request matrix, derived from the contract and DESIGN §2; ids are unique and stable, every operation is covered. */
export function buildMatrix(): ConformanceCase[] {
  const cases = [
    ...authCases(),
    ...listPetsCases(),
    ...createPetCases(),
    ...idempotencyCases(),
    ...getPetCases(),
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
