import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { slug } from "../../src/site/guide-page";

/** One ```ts block of the SDK guide, written to a file so it can be type-checked and imported as pasted. */
export interface GuideSnippet {
  /** The `##` section it sits in ("intro" before the first), plus its index, e.g. "errors-1". */
  name: string;
  code: string;
  file: string;
}

const DOCS = fileURLToPath(new URL("../..", import.meta.url));

/** The guide's TypeScript blocks, in order, each named after its section. */
export function extractSnippets(markdown: string): Omit<GuideSnippet, "file">[] {
  const snippets: Omit<GuideSnippet, "file">[] = [];
  let section = "intro";
  let inSection = 0;
  for (const match of markdown.matchAll(/^## (.+)$|^```ts\n([\s\S]*?)^```$/gm)) {
    if (match[1]) {
      section = slug(match[1]);
      inSection = 0;
    } else {
      snippets.push({ name: `${section}-${++inSection}`, code: match[2]! });
    }
  }
  return snippets;
}

/**
 * Writes every snippet of guide/sdk.md to its own module under apps/docs/.snippets/ (git-ignored). They live inside
 * the package so that `@petstore/client`, `@petstore/mock` and `msw` resolve exactly as they do for a user.
 */
export async function writeGuideSnippets(): Promise<{ snippets: GuideSnippet[]; remove(): Promise<void> }> {
  const markdown = await readFile(join(DOCS, "guide", "sdk.md"), "utf8");
  const root = join(DOCS, ".snippets");
  await mkdir(root, { recursive: true });
  // One folder per run, so test files running in parallel never share one.
  const dir = await mkdtemp(join(root, "run-"));
  const snippets = await Promise.all(
    extractSnippets(markdown).map(async (snippet) => {
      const file = join(dir, `${snippet.name}.ts`);
      await writeFile(file, snippet.code);
      return { ...snippet, file };
    }),
  );
  return { snippets, remove: () => rm(dir, { recursive: true, force: true }) };
}
