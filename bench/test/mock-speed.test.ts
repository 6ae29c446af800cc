import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockCases, type MockCases } from "../src/benchmarks/mock-speed";
import { handlersOf, hasPetstoreMock } from "../src/internal/load-mock";
import { listPetsExample } from "../src/internal/prism-example";

describe("handlersOf", () => {
  const handler = { info: { path: "/pets" } };

  it("accepts an array of handlers (with or without a .store) and { handlers }", () => {
    const set = Object.assign([handler], { store: {} });
    expect(handlersOf(set)).toBe(set);
    expect(handlersOf({ handlers: [handler], store: {} })).toEqual([handler]);
  });

  it.each([undefined, null, {}, { handlers: "no" }])("rejects %j", (value) => {
    expect(() => handlersOf(value)).toThrow("neither an array nor { handlers }");
  });
});

const mockAvailable = await hasPetstoreMock();
if (!mockAvailable) console.warn("[@petstore/bench] skipping the MSW-vs-Prism check: @petstore/mock is not in the workspace yet");

describe.skipIf(!mockAvailable)("benchmark 5: mock speed", () => {
  let cases: MockCases;
  beforeAll(async () => {
    cases = await startMockCases();
  }, 90_000);
  afterAll(() => cases?.stop());

  it("the SDK gets the same pets through the MSW handlers and through Prism", async () => {
    const expected = listPetsExample();
    expect(expected.length).toBeGreaterThan(0);
    expect(await cases.msw()).toEqual(expected);
    expect(await cases.prism()).toEqual(expected);
  });
});
