import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPetstoreMockServer } from "../../src/http/index";
import { codeBlocks } from "../helpers/markdown";
import { packageDir, typeErrors } from "../helpers/typescript";

const run = promisify(execFile);
const root = join(packageDir, "..", "..");
const readme = readFileSync(join(packageDir, "README.md"), "utf8");
const blocks = codeBlocks(readme);
const snippets = blocks
  .filter((block) => block.lang === "ts")
  .map((block, index) => ({ name: `readme-${index + 1}`, code: block.code }));

// How each snippet is run: a vitest file by a child vitest, a browser module (msw/browser needs a service worker) and
// the Playwright helpers by the type checker here and by test/browser-worker.test.ts in Chromium, anything else as a
// Node module with tsx.
const isVitest = (code: string) => code.includes('from "vitest"');
const isBrowser = (code: string) => code.includes('from "msw/browser"') || code.includes('from "playwright-core"');
const vitestSnippets = snippets.filter((snippet) => isVitest(snippet.code));
const browserSnippets = snippets.filter((snippet) => isBrowser(snippet.code));
const nodeSnippets = snippets.filter((snippet) => !isVitest(snippet.code) && !isBrowser(snippet.code));

// Inside the package (gitignored .tmp/), so the snippets' imports resolve as in a test of this package.
const folder = join(packageDir, ".tmp", "readme");
// A child that inherits the parent's VITEST_* variables would think it is one of the parent's workers.
const childEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST") && name !== "NODE_OPTIONS"),
);

beforeAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  for (const snippet of vitestSnippets) await writeFile(join(folder, `${snippet.name}.test.ts`), snippet.code);
  for (const snippet of nodeSnippets) await writeFile(join(folder, `${snippet.name}.ts`), snippet.code);
  await writeFile(
    join(folder, "vitest.config.ts"),
    [
      `import { sourceConditions } from ${JSON.stringify(join(root, "vitest.shared.ts"))};`,
      'export default { ...sourceConditions, test: { include: ["*.test.ts"] } };',
      "",
    ].join("\n"),
  );
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("README", () => {
  it("starts with a usage example, then the install command with the msw peer", () => {
    expect(readme.split("\n")[2]).toBe("```ts");
    expect(snippets[0]?.code.split("\n").length).toBeLessThanOrEqual(18);
    expect(blocks.find((block) => block.lang === "sh")?.code).toBe(
      "npm install --save-dev @petstore/mock msw @petstore/client\n",
    );
    const { peerDependencies } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
      peerDependencies: Record<string, string>;
    };
    expect(readme).toContain(`peer dependency (\`${peerDependencies.msw}\`)`);
  });

  it("runs every snippet except the browser snippets, which the Chromium test runs", () => {
    expect(vitestSnippets.length).toBeGreaterThanOrEqual(6);
    expect(nodeSnippets.length).toBe(1);
    // The worker module and the Playwright helpers: test/browser-worker.test.ts runs both in Chromium.
    expect(browserSnippets.length).toBe(2);
    // `js` blocks are the Jest configuration and test files, which the repository's test/jest.test.ts runs with Jest;
    // `console` blocks are curl sessions, run below.
    expect(blocks.every((block) => ["ts", "sh", "js", "console"].includes(block.lang))).toBe(true);
    expect(blocks.filter((block) => block.lang === "js")).toHaveLength(3);
  });

  it("every TypeScript snippet type-checks as pasted", { timeout: 60_000 }, () => {
    const errors = typeErrors(
      Object.fromEntries(snippets.map((snippet) => [`${snippet.name}.virtual.ts`, snippet.code])),
    );
    expect(Object.entries(errors).filter(([, list]) => list.length > 0)).toEqual([]);
  });

  it("every vitest snippet passes when vitest runs it", { timeout: 120_000 }, async () => {
    const report = join(folder, "report.json");
    const vitest = join(root, "node_modules", ".bin", "vitest");
    await run(vitest, ["run", "--root", folder, "--reporter=json", `--outputFile=${report}`], {
      cwd: folder,
      env: childEnv,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`vitest failed on the README snippets:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
    });
    const { testResults } = JSON.parse(await readFile(report, "utf8")) as {
      testResults: { name: string; assertionResults: { status: string }[] }[];
    };
    for (const snippet of vitestSnippets) {
      const file = testResults.find((result) => result.name.endsWith(`${snippet.name}.test.ts`));
      expect(file?.assertionResults.length, snippet.name).toBeGreaterThan(0);
      expect(
        file?.assertionResults.every((result) => result.status === "passed"),
        snippet.name,
      ).toBe(true);
    }
  });

  it.each(nodeSnippets.map((snippet) => [snippet.name, snippet] as const))(
    "%s runs with tsx (Prism's example bodies)",
    { timeout: 60_000 },
    async (_name, snippet) => {
      const tsx = join(root, "node_modules", ".bin", "tsx");
      const { stdout } = await run(tsx, ["--conditions=@petstore/source", join(folder, `${snippet.name}.ts`)], {
        cwd: folder,
        env: childEnv,
      });
      expect(stdout.trim()).toBe("[ 'Rex', 'Tom' ]");
    },
  );

  it("every curl session prints what it shows, against a mock server started as the README says", async () => {
    const sessions = blocks.filter((block) => block.lang === "console");
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    // `petstore-mock serve --api-key k1` on a free port rather than 4010, which the commands are pointed at.
    const server = await startPetstoreMockServer({ apiKeys: ["k1"] });
    const port = new URL(server.baseUrl).port;
    try {
      for (const session of sessions) {
        for (const step of session.code.split(/^\$ /m).filter((text) => text.trim() !== "")) {
          const [command = "", ...expected] = step.trimEnd().split("\n");
          const { stdout } = await run("bash", ["-c", command.replaceAll("localhost:4010", `127.0.0.1:${port}`)]);
          // `…` in the README stands for what varies from run to run (request ids, curl's version).
          const pattern = expected
            .join("\n")
            .replaceAll("127.0.0.1:4010", `127.0.0.1:${port}`)
            .split("…")
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
            .join(".*");
          expect(stdout.trimEnd(), command).toMatch(new RegExp(`^${pattern}$`, "s"));
        }
      }
    } finally {
      await server.close();
    }
  });

  it("names the Prism version the table was measured with", () => {
    const { version } = JSON.parse(
      readFileSync(join(packageDir, "node_modules", "@stoplight", "prism-cli", "package.json"), "utf8"),
    ) as { version: string };
    expect(readme).toContain(`Measured with Prism ${version}`);
    expect(readme).toContain(`\`@stoplight/prism-cli@${version}\``);
  });
});
