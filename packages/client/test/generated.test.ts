import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { operationTable } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { generatedDir, renderGeneratedFiles } from "../scripts/generated-files";
import { createPetstoreClient } from "../src/index";
import { petstoreQueries } from "../src/query/index";
import { languageService } from "./helpers/typescript";

describe("the client's generated wiring", () => {
  it("is up to date with the contract (run `pnpm generate`)", async () => {
    for (const [name, expected] of Object.entries(renderGeneratedFiles())) {
      const committed = await readFile(join(generatedDir, name), "utf8");
      expect(committed, `src/generated/${name} is stale`).toBe(expected);
    }
  });

  it("gives every operation of the contract its SDK method, and its TanStack options, and nothing else", () => {
    const petstore = createPetstoreClient({ apiKey: "k", fetch: async () => new Response() });
    const queries = petstoreQueries(petstore);
    const named = (object: object) =>
      Object.entries(object)
        .filter(([key]) => key !== "withOptions")
        .flatMap(([resource, methods]) => Object.keys(methods).map((verb) => `${resource}.${verb}`))
        .sort();
    const methods = operationTable.map((op) => op.sdkMethod).sort();
    expect(named(petstore)).toEqual(methods);
    expect(named(queries)).toEqual(methods);
  });

  const calls = operationTable.map((op) => `export const ${op.operationId} = petstore.${op.sdkMethod};\n`);
  const usage = `import { createPetstoreClient } from "../src/index";
const petstore = createPetstoreClient({ apiKey: "k" });
${calls.join("")}`;
  const ts = languageService({ "usage.virtual.ts": usage });
  const at = (op: (typeof operationTable)[number]) =>
    usage.indexOf(op.sdkMethod.split(".")[1]!, usage.indexOf(op.sdkMethod));

  it.each(operationTable.map((op) => [op.sdkMethod, op] as const))(
    "%s carries the contract's deprecation in its JSDoc, or none",
    (_, op) => {
      const deprecated = ts
        .tagsAt("usage.virtual.ts", usage.slice(at(op), at(op) + 40))
        .find((tag) => tag.name === "deprecated");
      if (!op.deprecation) return expect(deprecated).toBeUndefined();
      expect(deprecated?.text).toContain(`Removed on ${op.deprecation.sunset.slice(0, 10)}`);
      expect(deprecated?.text).toContain(op.deprecation.sdkReplacement ?? op.deprecation.replacement);
    },
    60_000,
  );

  it("makes editors strike through exactly the deprecated methods (suggestion 6385)", () => {
    expect(ts.errors("usage.virtual.ts")).toEqual([]);
    const struck = ts
      .suggestions("usage.virtual.ts")
      .filter((d) => d.code === 6385 || d.code === 6387)
      .map((d) => d.start);
    expect(struck).toEqual(operationTable.filter((op) => op.deprecation).map(at));
  });
});
