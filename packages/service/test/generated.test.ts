import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UNKNOWN_OPERATION } from "../../../test/helpers/operations.ts";
import { operationTable } from "@petstore/contract";
import { generatedDir, missingOperationFiles, renderOperations, renderValidators } from "../scripts/generated-files";

describe("generated validators", () => {
  it("are up to date with the contract (run `pnpm --filter @petstore/service generate`)", async () => {
    for (const [name, expected] of Object.entries({ ...renderValidators(), ...renderOperations() })) {
      expect(await readFile(join(generatedDir, name), "utf8"), `src/generated/${name} is stale`).toBe(expected);
    }
  });

  it("import nothing, so no schema is compiled at run time and a browser bundle carries no Ajv", async () => {
    const text = await readFile(join(generatedDir, "validators.ts"), "utf8");
    expect(text).not.toMatch(/\bimport\b|require\(/);
  });

  it("name, for `pnpm generate` to print, the function file each operation without one needs", () => {
    const [first] = operationTable;
    expect(missingOperationFiles()).toEqual([]);
    const withNew = [first!, { ...first!, operationId: UNKNOWN_OPERATION } as never];
    expect(missingOperationFiles(withNew)).toEqual([
      "[@petstore/service] notAnOperationOfTheContract has no function yet: write packages/service/src/operations/not-an-operation-of-the-contract.ts " +
        "exporting `const notAnOperationOfTheContract: Operation` (as get-pet.ts does), then run pnpm generate again",
    ]);
    expect(renderOperations(withNew)["operations.ts"]).not.toContain(UNKNOWN_OPERATION);
  });
});
