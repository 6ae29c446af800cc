import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generatedDir, renderMatrix } from "../scripts/generated-files";

describe("generated matrix index", () => {
  it("is up to date with the contract and src/matrix/ (run `pnpm --filter @petstore/conformance generate`)", async () => {
    for (const [name, expected] of Object.entries(renderMatrix())) {
      expect(await readFile(join(generatedDir, name), "utf8"), `src/generated/${name} is stale`).toBe(expected);
    }
  });

  it("leaves out an operation without a matrix file, so the type-check and the matrix fail naming it", () => {
    const [text] = Object.values(renderMatrix([{ operationId: "listPets" }, { operationId: "deletePet" }] as never));
    expect(text).toContain('import { listPetsCases, listPetsRequests } from "../matrix/list-pets";');
    expect(text).toContain("  listPets: { cases: listPetsCases, requests: listPetsRequests },");
    expect(text).not.toContain("deletePet");
  });
});
