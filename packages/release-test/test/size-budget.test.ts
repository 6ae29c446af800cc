// The client's size budgets follow the API (packages/client/.size-limit.js, size-budget.json): a check may weigh
// its base plus a measured amount per operation of the contract, the median of what removing each operation saves.
// Proven on copies of the contract and client packages, built and measured as
// packages/client/scripts/operation-cost.ts does for `size:measure`: a new operation that costs no more than that
// passes, growth of the shared engine fails.
import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  budgetFor,
  buildCopy,
  type ContractEdit,
  contractOperations,
  copyPackages,
  measureCopy,
  median,
  type PackagesCopy,
  readBudget,
} from "../../client/scripts/operation-cost.ts";

async function measure(edit: ContractEdit | undefined, change?: (copy: PackagesCopy) => Promise<void>) {
  const copy = await copyPackages(edit);
  try {
    await change?.(copy);
    await buildCopy(copy);
    return await measureCopy(copy);
  } finally {
    await rm(copy.root, { recursive: true, force: true });
  }
}

/**
 * A new operation as the contract's recipe adds one: `DELETE /pets/{petId}/archive` (archivePet, `pets.archive`), on
 * the shared `PetId` parameter, answering 204 or getPet's error answers.
 */
const addOperation: ContractEdit = (document) => {
  const get = document.paths["/pets/{petId}"].get;
  const responses = structuredClone(get.responses);
  delete responses["200"];
  responses["204"] = {
    description: "The animal was archived.",
    headers: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } },
  };
  document.paths["/pets/{petId}/archive"] = {
    delete: {
      operationId: "archivePet",
      "x-sdk-method": "pets.archive",
      summary: "Archive an animal",
      tags: get.tags,
      parameters: [{ $ref: "#/components/parameters/PetId" }],
      responses,
    },
  };
};

const SAVINGS = [186, 96, 129];

describe("size budgets per operation", () => {
  it("each limit is the check's base plus its per-operation cost times the contract's operations", async () => {
    const budget = await readBudget();
    const operations = (await contractOperations()).length;
    expect(operations).toBeGreaterThan(0);
    // What `pnpm size` reads: the config computes the limits when it is loaded.
    const config = new URL("../../client/.size-limit.js", import.meta.url).href;
    const sizeLimitConfig: { name: string; limit: string }[] = (await import(config)).default;
    expect(sizeLimitConfig.map((check) => [check.name, check.limit])).toEqual(
      budget.checks.map((check) => [check.name, `${check.base + check.perOperation * operations} B`]),
    );
    expect(budget.checks.some((check) => check.perOperation > 0)).toBe(true);
  });

  it("an operation costs the median of what removing each one saved when measured, not the largest", async () => {
    const budget = await readBudget();
    expect(median(SAVINGS)).toBe(129);
    expect(median([...SAVINGS, 87])).toBe(113);
    expect(budgetFor(6555, SAVINGS, 3)).toEqual({ base: 6600 - 3 * 129, perOperation: 129 });
    for (const check of budget.checks) {
      const savings = budget.measured.perOperation[check.name] ?? [];
      expect(savings, check.name).toHaveLength(budget.measured.operations);
      expect(check, check.name).toMatchObject(
        budgetFor(budget.measured.sizes[check.name] ?? Number.NaN, savings, budget.measured.operations),
      );
    }
  });

  it("adding an operation that costs what a typical one costs today passes", async () => {
    const [results, today] = [await measure(addOperation), await measure(undefined)];
    for (const result of results) expect(result.size, result.name).toBeLessThanOrEqual(result.limit);
    const budget = await readBudget();
    const operations = (await contractOperations()).length;
    // Within that cost, not within the rounding: it costs createPetstoreClient no more than perOperation.
    const client = budget.checks.find((check) => check.name.startsWith("createPetstoreClient"));
    const cost = (list: typeof results) => list.find((result) => result.name === client?.name)?.size ?? Number.NaN;
    expect(cost(results) - cost(today)).toBeGreaterThan(0);
    expect(cost(results) - cost(today)).toBeLessThanOrEqual(client?.perOperation ?? 0);
    // The limits grew with the operation: the copy's .size-limit.js counted it.
    for (const check of budget.checks) {
      expect(results.find((result) => result.name === check.name)?.limit).toBe(
        check.base + check.perOperation * (operations + 1),
      );
    }
  });

  it("a regression in the shared engine fails the client's check at the same operations", async () => {
    const manifest = JSON.parse(await readFile(new URL("../../client/package.json", import.meta.url), "utf8"));
    const entry: string = manifest.exports["."]["@petstore/source"];
    const results = await measure(undefined, async (copy) => {
      // Every createPetstoreClient call now also reads 256 incompressible characters: engine code, not an operation.
      const file = path.join(copy.dir("client"), entry);
      const original = `${path.basename(file, ".ts")}-engine`;
      await rename(file, path.join(path.dirname(file), `${original}.ts`));
      await writeFile(
        file,
        `import { createPetstoreClient as create } from "./${original}";\nexport * from "./${original}";\n` +
          `const ballast = ${JSON.stringify(randomBytes(192).toString("base64"))};\n` +
          `export const createPetstoreClient: typeof create = (...args) => (ballast.length > 0 ? create(...args) : create(...args));\n`,
      );
    });
    const client = results.find((result) => result.name.startsWith("createPetstoreClient"));
    expect(client).toBeDefined();
    expect(client?.size).toBeGreaterThan(client?.limit ?? 0);
  });
});
