// The client's size budgets follow the API (packages/client/.size-limit.js, size-budget.json): a check may weigh
// its base plus a measured amount per operation of the contract. Proven on copies of the contract and client
// packages, built and measured as packages/client/scripts/operation-cost.ts does for `size:measure`.
import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildCopy,
  type ContractEdit,
  contractOperations,
  copyPackages,
  measureCopy,
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

/** A new operation like `listPets`, on a path of its own, with its own operationId and SDK method. */
const addOperation: ContractEdit = (document) => {
  const list = structuredClone(document.paths["/pets"].get);
  list.operationId = "searchPets";
  if (list["x-sdk-method"]) list["x-sdk-method"] = "pets.search";
  document.paths["/pets/search"] = { get: list };
};

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

  it("adding an operation that costs what one costs today passes", async () => {
    const results = await measure(addOperation);
    for (const result of results) expect(result.size, result.name).toBeLessThanOrEqual(result.limit);
    const budget = await readBudget();
    const operations = (await contractOperations()).length;
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
