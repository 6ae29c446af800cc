import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type OpenApiDocument, resolveOperations } from "../scripts/resolve";
import { operations, operationTable } from "../src/index";

const yamlText = await readFile(new URL("../openapi.yaml", import.meta.url), "utf8");
/** A fresh copy of the contract, for a test to change. */
const contract = () => parse(yamlText) as OpenApiDocument & { paths: Record<string, Record<string, any>> };

describe("the SDK method of each operation", () => {
  it("is x-sdk-method where the contract gives one, else read from a verb + plural operationId", () => {
    const doc = contract();
    for (const op of operationTable) {
      const given = doc.paths[op.path]![op.method.toLowerCase()]["x-sdk-method"];
      const [, verb, resource] = /^([a-z]+)([A-Z]\w*)$/.exec(op.operationId)!;
      expect(op.sdkMethod).toBe(given ?? `${resource![0]!.toLowerCase()}${resource!.slice(1)}.${verb}`);
    }
  });

  it("is given to new operations from x-sdk-method (updatePet → pets.update)", () => {
    const doc = contract();
    doc.paths["/pets/{petId}"]!.patch = { operationId: "updatePet", "x-sdk-method": "pets.update", responses: {} };
    doc.paths["/pets/{petId}"]!.delete = { operationId: "deletePets", responses: {} };
    const table = resolveOperations(doc);
    expect(table.find((op) => op.operationId === "updatePet")?.sdkMethod).toBe("pets.update");
    expect(table.find((op) => op.operationId === "deletePets")?.sdkMethod).toBe("pets.delete");
  });

  it.each([
    ["an operationId that does not say it", { operationId: "updatePet" }, /PATCH \/pets\/\{petId\}.*add x-sdk-method/],
    ["an x-sdk-method that is not resource.verb", { operationId: "updatePet", "x-sdk-method": "update" }, /"update"/],
    ["an SDK method another operation has", { operationId: "x", "x-sdk-method": "pets.get" }, /getPet and x both/],
  ])("refuses %s", (_, operation, message) => {
    const doc = contract();
    doc.paths["/pets/{petId}"]!.patch = { ...operation, responses: {} };
    expect(() => resolveOperations(doc)).toThrow(message);
  });
});

describe("a deprecation", () => {
  it("carries the contract's dates and replacement, and the SDK call replacing it", () => {
    const doc = contract();
    for (const op of operationTable.filter((op) => op.deprecation)) {
      const written = doc.paths[op.path]![op.method.toLowerCase()]["x-deprecation"];
      expect(op.deprecation).toEqual({ ...written, sdkReplacement: expect.any(String) });
      const { sdkReplacement: _, ...facts } = op.deprecation!;
      expect(operations[op.operationId]).toEqual({ method: op.method, path: op.path, deprecation: facts });
    }
    expect(operationTable.find((op) => op.operationId === "getPet")?.deprecation?.sdkReplacement).toBe(
      "pets.list({ status })",
    );
  });

  it("names path parameters and query names of the replacement, or no SDK call when it is no operation", () => {
    const doc = contract();
    const deprecation = doc.paths["/pets/{petId}"]!.get["x-deprecation"];
    const replaced = (replacement: string) => {
      deprecation.replacement = replacement;
      return resolveOperations(doc).find((op) => op.operationId === "getPet")?.deprecation?.sdkReplacement;
    };
    expect(replaced("GET /pets/{petId}")).toBe("pets.get(petId)");
    expect(replaced("GET /pets?status=…&limit=1")).toBe("pets.list({ status, limit })");
    expect(replaced("GET /animals")).toBeUndefined();
    expect(replaced("the list of pets")).toBeUndefined();
  });
});
