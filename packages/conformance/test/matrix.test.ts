import { operations } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { buildMatrix, type CaseRequest } from "../src/index";
import { assertCoversContract } from "../src/matrix/coverage";

const cases = buildMatrix();
const paths = cases.map((kase) =>
  typeof kase.request === "function" ? "(stateful)" : `${kase.request.method} ${kase.request.path}`,
);

describe("request matrix", () => {
  it("has at least 60 cases with unique ids", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map((kase) => kase.id)).size).toBe(cases.length);
  });

  it("fails naming a contract operation that no case addresses", () => {
    expect(() => assertCoversContract(cases)).not.toThrow();
    const withNewOperation = [
      ...Object.keys(operations).map((operationId) => ({ operationId })),
      { operationId: "adoptPet" },
    ];
    expect(() => assertCoversContract(cases, withNewOperation)).toThrow(
      "[@petstore/conformance] no cases for: adoptPet\n  adoptPet: write packages/conformance/src/matrix/adopt-pet.ts " +
        "exporting `adoptPetCases(): ConformanceCase[]` and `adoptPetRequests: OperationRequests` (as get-pet.ts does), " +
        "then run pnpm generate again",
    );
  });

  it("sends every operation with every wrong credential (401) and with a lowercase `bearer` scheme (2xx)", () => {
    for (const operationId of Object.keys(operations)) {
      for (const auth of ["missing", "basic-scheme", "empty-bearer", "no-scheme", "unknown-key"]) {
        expect(cases.some((kase) => kase.id === `${operationId}.auth.${auth}` && kase.status === 401)).toBe(true);
      }
      const lowercase = cases.find((kase) => kase.id === `${operationId}.auth.lowercase-scheme`);
      expect(lowercase?.status).toBeGreaterThanOrEqual(200);
      expect(lowercase?.status).toBeLessThan(300);
    }
  });

  it("sends every contract path a method it does not serve, expecting a 405", () => {
    const served = new Map<string, string[]>();
    for (const { method, path } of Object.values(operations))
      served.set(path, [...(served.get(path) ?? []), method.toUpperCase()]);
    for (const [template, methods] of served) {
      const path = template.replace(/\{[^}]+\}/g, "1");
      const kase = cases.find((c) => c.status === 405 && typeof c.request !== "function" && c.request.path === path);
      expect(kase, `no 405 case for ${template}`).toBeDefined();
      expect(methods).not.toContain((kase!.request as CaseRequest).method);
    }
  });

  it("covers the limit and petId boundaries of DESIGN §2", () => {
    for (const limit of ["0", "1", "100", "101"]) expect(paths).toContain(`GET /pets?limit=${limit}`);
    for (const id of ["0", "-1", "abc", String(2 ** 53), "9223372036854775808"])
      expect(paths).toContain(`GET /pets/${id}`);
  });

  it("derives status expectations from the contract: 2xx and every declared error status appear", () => {
    const statuses = new Set(cases.map((kase) => kase.status));
    for (const status of [200, 201, 400, 401, 404, 405, 413, 415]) expect(statuses).toContain(status);
  });
});
