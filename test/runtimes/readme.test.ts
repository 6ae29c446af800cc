import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = import.meta.dirname;
const readme = readFileSync(join(root, "../../packages/client/README.md"), "utf8");
const section = /^## Runtimes\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? "";
const devDependencies = (
  JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> }
).devDependencies;

// The client README's runtime table claims only what runtimes.test.ts runs, with the versions this package installs.
describe("the client README's Runtimes section", () => {
  it("links to this matrix", () => {
    expect(section).toContain("[runtime matrix](../../test/runtimes)");
  });

  it.each([
    ["Node", `Node ${process.versions.node.split(".")[0]} `],
    [
      "TypeScript",
      `| TypeScript, \`strict\` | ${devDependencies.typescript?.split(".").slice(0, 2).join(".")}, \`moduleResolution\` \`node16\``,
    ],
    ["Bun", `| Bun | ${devDependencies.bun} |`],
    ["Deno", `| Deno | ${devDependencies.deno} with`],
    [
      "workerd",
      `workerd ${devDependencies.workerd?.replace(/^1\.(\d{4})(\d\d)(\d\d)\.\d+$/, "$1-$2-$3")}, with and without \`nodejs_compat\``,
    ],
    ["Chromium", "Chromium on a secure origin (`localhost`) and on a plain-http one"],
  ])("names %s as tested", (_name, text) => {
    expect(section).toContain(text);
  });
});
