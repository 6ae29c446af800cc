import { pathToFileURL } from "node:url";
import { afterAll } from "vitest";
import { writeGuideSnippets } from "./helpers/guide-snippets";

// The guide's "Testing with mocks" block is a complete vitest file. Importing it while this file is collected
// registers its hooks and its test here, so it runs exactly as a user would paste it.
const guide = await writeGuideSnippets();
afterAll(() => guide.remove());
const snippet = guide.snippets.find((s) => s.name === "testing-with-mocks-1");
if (!snippet) throw new Error('[@petstore/docs] guide/sdk.md has no TypeScript block under "## Testing with mocks"');
await import(pathToFileURL(snippet.file).href);
