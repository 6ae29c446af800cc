import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generatedDir, renderGeneratedFiles } from "../scripts/generated-files";

describe("generated files", () => {
  it("are up to date with openapi.yaml (run `pnpm --filter @petstore/contract generate`)", async () => {
    const files = await renderGeneratedFiles();
    for (const [name, expected] of Object.entries(files)) {
      const committed = await readFile(join(generatedDir, name), "utf8");
      expect(committed, `src/generated/${name} is stale`).toBe(expected);
    }
  });
});
