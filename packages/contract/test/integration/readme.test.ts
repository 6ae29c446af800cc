// Every TypeScript snippet of the README runs as pasted and prints what its `// …` comments say (integration tier:
// it spawns tsc and tsx per snippet).
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("../..", import.meta.url));
const readme = readFileSync(join(packageDir, "README.md"), "utf8");
const snippets = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
// Inside the package, so `@petstore/contract` resolves to itself by name, as it would for a user.
const workdir = join(packageDir, ".tmp", "readme");
const run = promisify(execFile);

/** The values a snippet's `console.log(…); // value` lines promise, in order. */
function promisedOutput(snippet: string): string[] {
  return [...snippet.matchAll(/^console\.log\(.*\); \/\/ (.*)$/gm)].map((match) => match[1]!);
}

afterAll(() => rmSync(workdir, { recursive: true, force: true }));

describe("README snippets", () => {
  it("has snippets that promise output", () => {
    expect(snippets.length).toBeGreaterThanOrEqual(2);
    for (const snippet of snippets) expect(promisedOutput(snippet).length).toBeGreaterThan(0);
  });

  it.each(snippets.map((snippet, index) => [index + 1, snippet] as const))(
    "snippet %i type-checks and prints what it promises",
    async (index, snippet) => {
      mkdirSync(workdir, { recursive: true });
      const file = join(workdir, `snippet-${index}.ts`);
      writeFileSync(file, snippet);
      const tsc = join(packageDir, "node_modules", ".bin", "tsc");
      await run(
        tsc,
        [
          "--noEmit",
          "--strict",
          "--module",
          "preserve",
          "--moduleResolution",
          "bundler",
          "--target",
          "es2022",
          "--customConditions",
          "@petstore/source",
          "--skipLibCheck",
          "--types",
          "node",
          file,
        ],
        { cwd: packageDir },
      );
      const tsx = join(packageDir, "node_modules", ".bin", "tsx");
      const { stdout } = await run(tsx, ["--conditions=@petstore/source", file], { cwd: packageDir });
      expect(stdout.trim().split("\n")).toEqual(promisedOutput(snippet));
    },
    60_000,
  );
});
