import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
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

  it("reports the sizes size-limit measures on the built package", async () => {
    expect(existsSync(join(packageDir, "dist/index.js")), "run `pnpm --filter @petstore/client build` first").toBe(
      true,
    );
    const { stdout } = await promisify(execFile)(join(packageDir, "node_modules/.bin/size-limit"), ["--json"], {
      cwd: packageDir,
    });
    const [client, error, raw] = (JSON.parse(stdout) as { size: number }[]).map(({ size }) =>
      size.toLocaleString("en"),
    );
    expect(readme).toContain(`\`createPetstoreClient\` is ${client} B`);
    expect(readme).toContain(`one error class imported alone is ${error} B`);
    expect(readme).toContain(`\`@petstore/client/raw\` is ${raw} B`);
  }, 60_000);
});
