import { operationTable } from "@petstore/contract";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UNKNOWN_OPERATION } from "../../../test/helpers/operations.ts";
import { generatedDir, missingMatrixFiles, renderMatrix } from "../scripts/generated-files";
import { matrixFileName } from "../src/matrix/coverage";

describe("generated matrix index", () => {
  it("is up to date with the contract and src/matrix/ (run `pnpm --filter @petstore/conformance generate`)", async () => {
    for (const [name, expected] of Object.entries(renderMatrix())) {
      expect(await readFile(join(generatedDir, name), "utf8"), `src/generated/${name} is stale`).toBe(expected);
    }
  });

  it("lists each operation's matrix file and leaves out one without, so the type-check and the matrix fail", () => {
    const [first] = operationTable;
    const id = first!.operationId;
    const [text] = Object.values(renderMatrix([first!, { ...first!, operationId: "adoptPet" } as never]));
    expect(text).toContain(`import { ${id}Cases, ${id}Requests } from "../matrix/${matrixFileName(id)}";`);
    expect(text).toContain(`  ${id}: { cases: ${id}Cases, requests: ${id}Requests },`);
    expect(text).not.toContain("adoptPet");
  });

  it("names, for `pnpm generate` to print, the matrix file each operation without one needs", () => {
    const [first] = operationTable;
    expect(missingMatrixFiles()).toEqual([]);
    expect(missingMatrixFiles([first!, { ...first!, operationId: UNKNOWN_OPERATION } as never])).toEqual([
      "[@petstore/conformance] notAnOperationOfTheContract has no cases yet: write packages/conformance/src/matrix/not-an-operation-of-the-contract.ts " +
        "exporting `notAnOperationOfTheContractCases(): ConformanceCase[]` and `notAnOperationOfTheContractRequests: OperationRequests` " +
        "(as get-pet.ts does), then run pnpm generate again",
    ]);
  });
});
