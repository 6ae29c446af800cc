// `store.list` takes its `limit` bounds and default from the contract's `GET /pets`, never from a copy: here the
// contract's table says 2–7, default 3, and the store follows it.
import type { ContractOperation, Pet } from "@petstore/contract";
import { describe, expect, it, vi } from "vitest";

vi.mock("@petstore/contract", async (importOriginal) => {
  const contract = await importOriginal<typeof import("@petstore/contract")>();
  const operationTable = contract.operationTable.map(
    (op): ContractOperation => ({
      ...op,
      parameters: op.parameters.map((param) =>
        op.operationId === "listPets" && param.name === "limit"
          ? { ...param, schema: { ...param.schema, minimum: 2, maximum: 7, default: 3 } }
          : param,
      ),
    }),
  );
  return { ...contract, operationTable };
});

const { createPetstoreStore, generatePets } = await import("../src/index");

describe("store.list's limit, from the contract", () => {
  const pets: Pet[] = generatePets(10, { seed: 1 });

  it("defaults to the contract's default", () => {
    expect(createPetstoreStore(pets).list()).toHaveLength(3);
  });

  it("accepts the contract's bounds and refuses past them, naming them", () => {
    const store = createPetstoreStore(pets);
    expect(store.list({ limit: 2 })).toHaveLength(2);
    expect(store.list({ limit: 7 })).toHaveLength(7);
    expect(() => store.list({ limit: 1 })).toThrow("limit must be an integer from 2 to 7, got 1");
    expect(() => store.list({ limit: 8 })).toThrow("limit must be an integer from 2 to 7, got 8");
  });
});
