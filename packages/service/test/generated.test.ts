import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generatedDir, renderOperations, renderValidators } from "../scripts/generated-files";

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
});
