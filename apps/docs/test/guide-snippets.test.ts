import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setupServer } from "msw/node";
import ts from "typescript";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { createPetstoreHandlers } from "@petstore/mock";
import { extractSnippets, writeGuideSnippets } from "./helpers/guide-snippets";

const DOCS = fileURLToPath(new URL("..", import.meta.url));
const guide = await writeGuideSnippets();
const { snippets } = guide;
afterAll(() => guide.remove());

test("the guide's TypeScript blocks are found, one per task section", () => {
  expect(snippets.map((s) => s.name)).toEqual([
    "intro-1",
    "authenticate-1",
    "environments-1",
    "options-1",
    "errors-1",
    "retries-1",
    "deprecations-1",
    "testing-with-mocks-1",
  ]);
  expect(extractSnippets("# t\n```ts\na\n```\n## Two words\n```sh\nb\n```\n```ts\nc\n```\n```ts\nd\n```\n")).toEqual([
    { name: "intro-1", code: "a\n" },
    { name: "two-words-1", code: "c\n" },
    { name: "two-words-2", code: "d\n" },
  ]);
});

test("every snippet type-checks, as pasted, against @petstore/client, @petstore/mock and msw", () => {
  const { config } = ts.readConfigFile(join(DOCS, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, DOCS);
  const files = snippets.map((s) => s.file);
  const program = ts.createProgram(files, options);
  // Only the snippets' own errors: the packages' sources are type-checked by their own projects.
  const errors = ts.getPreEmitDiagnostics(program).filter((d) => !d.file || files.includes(d.file.fileName));
  const text = ts.formatDiagnostics(errors, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => DOCS,
    getNewLine: () => "\n",
  });
  expect(text).toBe("");
});

// The mock's own snippet is a test file; guide-mock-snippet.test.ts runs it.
const clientSnippets = snippets.filter((s) => !s.name.startsWith("testing-with-mocks"));
const seed = [{ id: 1, name: "Rex", categoryId: 1, status: "available" as const }];
const server = setupServer(...createPetstoreHandlers({ pets: seed }));
const output: string[] = [];

describe("every client snippet runs against @petstore/mock", () => {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    server.resetHandlers();
    output.length = 0;
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());

  // What a snippet prints where the guide says what it does; the others must simply run without throwing.
  const expected: Record<string, string[]> = {
    "intro-1": ["log: 1 2"],
    "errors-1": [expect.stringMatching(/^log: fix the request: invalid_request /) as unknown as string],
    "deprecations-1": ["warn: pets.get(): removed on 2030-12-05", "log: Rex function"],
  };

  test.each(clientSnippets.map((s) => [s.name, s] as const))("%s", async (name, snippet) => {
    vi.stubEnv("PETSTORE_API_KEY", "guide-key");
    for (const level of ["log", "warn"] as const) {
      vi.spyOn(console, level).mockImplementation(
        (...args: unknown[]) => void output.push(`${level}: ${args.join(" ")}`),
      );
    }
    await import(pathToFileURL(snippet.file).href);
    if (expected[name]) expect(output).toEqual(expected[name]);
    expect(output.filter((line) => line.includes("undefined"))).toEqual([]);
  });
});
