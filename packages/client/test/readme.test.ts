import { readFileSync } from "node:fs";
import { join } from "node:path";
import { operations } from "@petstore/contract";
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

  it("reports the size budgets per operation that .size-limit.js computes from size-budget.json", async () => {
    const [client, error, raw] = (await import(new URL("../.size-limit.js", import.meta.url).href)).default as {
      limit: string;
    }[];
    const checks = budgetChecks();
    const count = Object.keys(operations).length;
    const formula = (index: number) => `${checks[index]?.base} B + ${checks[index]?.perOperation} B`;
    expect(readme.replace(/\s+/g, " ")).toContain(
      `Today that is ${client?.limit} for \`createPetstoreClient\` (${formula(0)} × ${count} operations), ${error?.limit} for an error class alone and ${raw?.limit} for \`@petstore/client/raw\` (${formula(2)} × ${count});`,
    );
  });
});
