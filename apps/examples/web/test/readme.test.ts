import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const dir = fileURLToPath(new URL("..", import.meta.url));
const readme = readFileSync(`${dir}README.md`, "utf8");
const named = [...readme.matchAll(/^```\w+ (\S+)\n([\s\S]*?)^```$/gm)].map((match) => ({
  file: match[1] ?? "",
  code: match[2] ?? "",
}));

test("the README opens with how the app creates its client", () => {
  expect(readme.split("\n")[2]).toBe("```ts src/petstore.ts");
  expect(named.map((block) => block.file)).toEqual(
    expect.arrayContaining([".env.mock", ".env.development", "src/mock-worker.ts"]),
  );
});

// The named blocks are excerpts of the files the end-to-end test builds and runs, so they cannot drift.
test.each(named.map((block, index) => [`${index}: ${block.file}`, block] as const))(
  "README block %s is in that file",
  (_, block) => {
    expect(readFileSync(`${dir}${block.file}`, "utf8")).toContain(block.code);
  },
);
