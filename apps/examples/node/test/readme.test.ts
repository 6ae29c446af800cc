import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const dir = fileURLToPath(new URL("..", import.meta.url));
const readme = readFileSync(`${dir}README.md`, "utf8");
const named = [...readme.matchAll(/^```\w+ (\S+)\n([\s\S]*?)^```$/gm)].map((match) => ({
  file: match[1] ?? "",
  code: match[2] ?? "",
}));

test("the README opens with the SDK call the service is built on", () => {
  expect(readme.split("\n")[2]).toBe("```ts src/available-pets.ts");
  expect(named.length).toBeGreaterThanOrEqual(3);
});

// The named blocks are excerpts of files the tests run, so a snippet cannot drift from working code.
test.each(named.map((block, index) => [`${index}: ${block.file}`, block] as const))(
  "README block %s is in that file",
  (_, block) => {
    expect(readFileSync(`${dir}${block.file}`, "utf8")).toContain(block.code);
  },
);
