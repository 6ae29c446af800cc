import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, test } from "vitest";
import { healthyRecords, PRIMARY, REDIRECT, runCli, startLab, type Lab } from "./helpers/scenario";

let lab: Lab;
let readme: string;

beforeAll(async () => {
  lab = await startLab();
  readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
});
afterAll(async () => {
  await lab?.close();
});

/** The README's output block after `<!-- output: name -->`. */
function block(name: string): string {
  const match = new RegExp(`<!-- output: ${name} -->\\n\`\`\`text\\n([\\s\\S]*?)\\n\`\`\``).exec(readme);
  if (!match) throw new Error(`README.md has no output block "${name}"`);
  return match[1]!;
}

/** Ports and dates change from run to run; everything else must match. */
const normalise = (text: string) => text.trim().replace(/(127\.0\.0\.\d+):\d+/g, "$1:<port>").replace(/\d{4}-\d{2}-\d{2}/g, "<date>");

const broken = () => ({
  records: healthyRecords()
    .filter((r) => !(r.name === PRIMARY && r.type === "CNAME") && r.type !== "CAA")
    .concat({ name: PRIMARY, type: "A", value: "127.0.0.9" }, { name: "petstore.example", type: "CAA", value: "digicert.com" }),
  hosts: [[PRIMARY, { status: 200 }], [REDIRECT, { status: 302, location: `https://${PRIMARY}/` }]] as [string, { status: number; location?: string }][],
});

test.each([
  ["healthy", {}, [] as string[], 0],
  ["broken-primary", broken(), [PRIMARY], 1],
  ["broken-redirect", broken(), [REDIRECT], 1],
] as const)("the README's %s output is what the command prints", async (name, change, domain, code) => {
  lab.reset(change);
  const run = await runCli(lab, ["check", ...domain]);
  expect(run.stderr).toBe("");
  expect(normalise(run.stdout)).toBe(normalise(block(name)));
  expect(run.code).toBe(code);
});

test("bad arguments exit 2 with a clear message", async () => {
  const unknown = await runCli(lab, ["verify"]);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toMatch(/unknown command "verify"[\s\S]*Usage: pnpm docs:domains check/);
  const notInConfig = await runCli(lab, ["check", "other.example"]);
  expect(notInConfig.code).toBe(2);
  expect(notInConfig.stderr).toContain("other.example is not in domains.json");
  const badPort = await runCli(lab, ["check", "--timeout", "soon"]);
  expect(badPort.code).toBe(2);
  expect(badPort.stderr).toContain('--timeout must be milliseconds from 1 to 600000, not "soon"');
});
