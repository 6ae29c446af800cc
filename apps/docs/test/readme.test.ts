import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, test } from "vitest";
import { labScenarios, PRIMARY, REDIRECT, runCli, startLab, type Lab } from "./helpers/scenario";

let lab: Lab;
let readme: string;

beforeAll(async () => {
  lab = await startLab();
  readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
});
afterAll(async () => {
  await lab?.close();
});

/** The README's output block after `<!-- output: name -->`, and the command shown right before it. */
function block(name: string): { command: string; output: string } {
  const match = new RegExp(`\`\`\`sh\\n(pnpm docs:domains [^\\n]*)\\n\`\`\`\\n\\n<!-- output: ${name} -->\\n\`\`\`text\\n([\\s\\S]*?)\\n\`\`\``).exec(readme);
  if (!match) throw new Error(`README.md has no "pnpm docs:domains" command followed by the output block "${name}"`);
  return { command: match[1]!, output: match[2]! };
}

/** The command's arguments after `pnpm docs:domains`, without the lab's address options, which the test sets itself. */
function argumentsOf(command: string): string[] {
  const words = command.split(/\s+/).slice(2);
  const lab = new Set(["--dns", "--https-port", "--ca"]);
  return words.filter((word, i) => !lab.has(word) && !lab.has(words[i - 1]!));
}

/** Ports and dates change from run to run; everything else must match. */
const normalise = (text: string) => text.trim().replace(/(127\.0\.0\.\d+):\d+/g, "$1:<port>").replace(/\d{4}-\d{2}-\d{2}/g, "<date>");

test.each([
  ["no-dns", "no-dns", [PRIMARY], 1],
  ["healthy", "healthy", [] as string[], 0],
  ["broken-primary", "broken", [PRIMARY], 1],
  ["broken-redirect", "broken", [REDIRECT], 1],
] as const)("the README's %s output is what its command prints in the lab's %s scenario", async (name, scenario, domain, code) => {
  const { command, output } = block(name);
  expect(command).toBe(`pnpm docs:domains check ${[...domain, ""].join(" ")}--dns 127.0.0.1:5300 --https-port 8443 --ca apps/docs/.lab/ca.pem`);
  lab.reset(labScenarios[scenario]!());
  const run = await runCli(lab, argumentsOf(command));
  expect(run.stderr).toBe("");
  expect(normalise(run.stdout)).toBe(normalise(output));
  expect(run.code).toBe(code);
});

test("every lab scenario the README names exists", () => {
  const named = [...readme.matchAll(/lab scenario `([^`]+)`/g)].map((m) => m[1]!);
  expect(new Set(named)).toEqual(new Set(Object.keys(labScenarios)));
});
