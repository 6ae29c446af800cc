import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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
  const match = new RegExp(
    `\`\`\`sh\\n(pnpm docs:domains (?:check|remove)[^\\n]*)\\n\`\`\`\\n\\n<!-- output: ${name} -->\\n\`\`\`text\\n([\\s\\S]*?)\\n\`\`\``,
  ).exec(readme);
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
const normalise = (text: string) =>
  text
    .trim()
    .replace(/(127\.0\.0\.\d+):\d+/g, "$1:<port>")
    .replace(/\d{4}-\d{2}-\d{2}/g, "<date>");

test.each([
  ["no-dns", "no-dns", ["check", PRIMARY], 1],
  ["healthy", "healthy", ["check"], 0],
  ["broken-primary", "broken", ["check", PRIMARY], 1],
  ["broken-redirect", "broken", ["check", REDIRECT], 1],
  ["removed-primary", "removed-primary", ["check", REDIRECT], 1],
  ["remove-redirect", "healthy", ["remove", REDIRECT], 0],
  ["remove-primary", "healthy", ["remove", PRIMARY], 1],
] as const)(
  "the README's %s output is what its command prints in the lab's %s scenario",
  async (name, scenario, words, code) => {
    const { command, output } = block(name);
    expect(command).toBe(
      `pnpm docs:domains ${[...words, ""].join(" ")}--dns 127.0.0.1:5300 --https-port 8443 --ca apps/docs/.lab/ca.pem`,
    );
    lab.reset(labScenarios[scenario]!());
    const run = await runCli(lab, argumentsOf(command));
    expect(run.stderr).toBe("");
    expect(normalise(run.stdout)).toBe(normalise(output));
    expect(run.code).toBe(code);
  },
);

test.each([
  ["status-200", (text: string) => text.replace('"status": 301', '"status": 200')],
  ["missing-comma", (text: string) => text.replace('"primary": true },', '"primary": true }')],
])("the README's config error %s is what lint prints for that edit of domains.json", async (name, edit) => {
  const shown = new RegExp(`<!-- config-error: ${name} -->\\n\`\`\`text\\n([\\s\\S]*?)\\n\`\`\``).exec(readme)?.[1];
  expect(shown, `README.md has no config-error block "${name}"`).toBeDefined();
  const dir = await mkdtemp(join(tmpdir(), "petstore-docs-readme-"));
  try {
    const original = await readFile(new URL("../domains.json", import.meta.url), "utf8");
    const edited = edit(original);
    expect(edited).not.toBe(original);
    await writeFile(join(dir, "domains.json"), edited);
    const run = await lint(["--config", "domains.json"], { INIT_CWD: dir });
    expect(run.stderr.trim()).toBe(shown);
    expect(run.code).toBe(1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** `pnpm --filter @petstore/docs check:domains` as pnpm runs it: from apps/docs, with INIT_CWD where the command was typed. */
function lint(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = fileURLToPath(new URL("../scripts/validate-domains.ts", import.meta.url));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", script, ...args],
      { cwd: fileURLToPath(new URL("..", import.meta.url)), env: { ...process.env, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

test("every lab scenario the README names exists", () => {
  const named = [...readme.matchAll(/lab scenario `([^`]+)`/g)].map((m) => m[1]!);
  expect(new Set(named)).toEqual(new Set(Object.keys(labScenarios)));
});
