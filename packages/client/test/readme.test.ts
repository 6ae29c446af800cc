import { readFileSync } from "node:fs";
import { join } from "node:path";
import { operations, operationTable, petStatuses, servers } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { languageService, packageDir } from "./helpers/typescript";

const readme = readFileSync(join(packageDir, "README.md"), "utf8");
const budgetChecks = () =>
  (
    JSON.parse(readFileSync(join(packageDir, "size-budget.json"), "utf8")) as {
      checks: { base: number; perOperation: number }[];
    }
  ).checks;
const snippets = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
const files = Object.fromEntries(snippets.map((code, index) => [`readme-${index}.virtual.ts`, code]));

describe("README", () => {
  it("starts with a usage example and has TypeScript snippets", () => {
    expect(readme.split("\n")[2]).toBe("```ts");
    expect(snippets.length).toBeGreaterThanOrEqual(7);
  });

  it("every TypeScript snippet type-checks against the package as pasted", () => {
    const ts = languageService(files);
    const problems = Object.keys(files).flatMap((name) => ts.errors(name).map((error) => `${name}: ${error}`));
    expect(problems).toEqual([]);
  }, 120_000);

  it("states each size budget as size-budget.json's base + per operation, which .size-limit.js applies to the contract's operations", async () => {
    const limits = (await import(new URL("../.size-limit.js", import.meta.url).href)).default as { limit: string }[];
    const checks = budgetChecks();
    // The rule the README states is the one enforced, over every operation of the contract, however many there are.
    const count = Object.keys(operations).length;
    expect(limits.map(({ limit }) => limit)).toEqual(
      checks.map(({ base, perOperation }) => `${base + perOperation * count} B`),
    );
    const budget = (index: number) => {
      const { base, perOperation } = checks[index]!;
      return perOperation === 0 ? `${base} B` : `${base} B + ${perOperation} B per operation`;
    };
    const text = readme.replace(/\s+/g, " ");
    expect(text).toContain(
      `The budgets are ${budget(0)} for \`createPetstoreClient\`, ${budget(1)} for an error class alone and ${budget(2)} for \`@petstore/client/raw\`, counting the contract's operations (\`.size-limit.js\`);`,
    );
    expect(text).toContain(`its budget (\`size-budget.json\`) is ${budget(3)} of the contract (`);
  });

  it("quotes the contract's servers, the first as the default, its list limits and its statuses", () => {
    const text = readme.replace(/[ \t]+/g, " ");
    const names = Object.keys(servers);
    Object.entries(servers).forEach(([name, url], index) => {
      expect(text).toContain(`| \`environment: "${name}"\`${index === 0 ? " (default)" : ""} | \`${url}\` |`);
    });
    const listed = names.map((name) => `\`"${name}"\``);
    expect(text).toContain(
      `| \`environment\` | \`"${names[0]}"\` | ${listed.slice(0, -1).join(", ")} or ${listed.at(-1)} |`,
    );
    const limit = operationTable.flatMap((op) => op.parameters).find((p) => p.in === "query" && p.name === "limit")!;
    expect(text.replace(/\s+/g, " ")).toContain(`a \`limit\` outside ${limit.schema.minimum}–${limit.schema.maximum},`);
    expect(text).toContain(
      `\`PetStatus\` is \`${petStatuses.map((status) => `"${status}"`).join(" | ")} | (string & {})\``,
    );
  });

  it("states the length of an Idempotency-Key the contract allows", () => {
    const key = operationTable
      .flatMap((op) => op.parameters)
      .find((p) => p.in === "header" && p.name.toLowerCase() === "idempotency-key")!;
    const { minLength, maxLength } = key.schema as { minLength: number; maxLength: number };
    expect(readme.replace(/\s+/g, " ")).toContain(
      `(\`idempotencyKey\`, ${minLength} to ${maxLength} characters as the contract's \`Idempotency-Key\` allows,`,
    );
  });
});
