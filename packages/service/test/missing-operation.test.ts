import { operationTable } from "@petstore/contract";
import { describe, expect, it, vi } from "vitest";
import { createMemoryStore, createService } from "../src/index";

// The state between step 1 of CONTRIBUTING.md's recipe (the contract) and step 2 (the operation file): the generated
// table lacks the last operation of the contract.
const last = operationTable.at(-1)!.operationId;
vi.mock("../src/generated/operations", async (original) => {
  const { operationFunctions } = await original<typeof import("../src/generated/operations")>();
  const { operationTable: table } = await import("@petstore/contract");
  const { [table.at(-1)!.operationId]: _missing, ...rest } = operationFunctions as Record<string, unknown>;
  return { operationFunctions: rest };
});

describe("an operation of the contract without its function", () => {
  it("stops the service naming the file to write and saying to run pnpm generate again", () => {
    const file = last.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    expect(() => createService({ store: createMemoryStore() })).toThrow(
      `[@petstore/service] no function for the contract's operation ${last}: write ` +
        `packages/service/src/operations/${file}.ts exporting \`const ${last}: Operation\` (as get-pet.ts does), ` +
        "then run pnpm generate again",
    );
  });
});
