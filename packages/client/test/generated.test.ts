import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { openapiDocument, operationTable } from "@petstore/contract";
import { displayPartsToString } from "typescript";
import { describe, expect, it } from "vitest";
import { bodyNameOf, generatedDir, renderGeneratedFiles } from "../scripts/generated-files";
import { createPetstoreClient } from "../src/index";
import { petstoreQueries } from "../src/query/index";
import { languageService, packageDir } from "./helpers/typescript";

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

  it.each(operationTable.filter((op) => op.requestBody).map((op) => [op.sdkMethod, op] as const))(
    "%s names its body argument from the contract in the signature editors show",
    (_, op) => {
      const paths = openapiDocument.paths as unknown as Record<string, Record<string, { requestBody: object }>>;
      const body = paths[op.path]![op.method.toLowerCase()]!.requestBody as Parameters<typeof bodyNameOf>[0];
      const name = bodyNameOf(body, op.path, []);
      const info = ts.service.getQuickInfoAtPosition(join(packageDir, "test", "usage.virtual.ts"), at(op));
      expect(displayPartsToString(info?.displayParts)).toMatch(new RegExp(`\\(([^)]*, )?${name}: `));
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

describe("the name of a method's body argument", () => {
  const json = (schema: object) => ({ content: { "application/json": { schema } } });
  const ref = (name: string) => json({ $ref: `#/components/schemas/${name}` });

  it("comes from the body's component schema, without a leading New: pets.create(pet) stays", () => {
    expect(bodyNameOf(ref("NewPet"), "POST /pets", [])).toBe("pet");
    expect(bodyNameOf(ref("StatusUpdate"), "PUT /pets/{petId}/status", ["petId"])).toBe("statusUpdate");
    expect(bodyNameOf(ref("Newsletter"), "POST /newsletters", [])).toBe("newsletter");
  });

  it("is `body` for an inline schema, and x-sdk-body when the contract names it", () => {
    const inline = json({ type: "object", properties: { status: { type: "string" } } });
    expect(bodyNameOf(inline, "PUT /pets/{petId}/status", ["petId"])).toBe("body");
    expect(bodyNameOf({ ...inline, "x-sdk-body": "change" }, "PUT /pets/{petId}/status", ["petId"])).toBe("change");
    expect(bodyNameOf({ ...ref("NewPet"), "x-sdk-body": "animal" }, "POST /pets", [])).toBe("animal");
  });

  it("refuses a name that is no identifier or is another argument's, saying to set x-sdk-body", () => {
    expect(() => bodyNameOf({ ...ref("NewPet"), "x-sdk-body": "new pet" }, "POST /pets", [])).toThrow(
      '[@petstore/client] POST /pets: the request body\'s argument name "new pet" is no JavaScript identifier; ' +
        "set the request body's x-sdk-body in openapi.yaml to another name (e.g. x-sdk-body: change)",
    );
    expect(() => bodyNameOf(ref("PetId"), "PUT /pets/{petId}", ["petId"])).toThrow(
      '"petId" is the name of another argument of the method',
    );
    expect(() => bodyNameOf(ref("Params"), "POST /pets", [])).toThrow("is the name of another argument");
  });
});
