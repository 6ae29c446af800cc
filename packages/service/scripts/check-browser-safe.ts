// `pnpm lint`: the service is bundled into @petstore/mock, which runs in browsers, so no source file may import a
// Node built-in or a package the mock does not ship (only @petstore/contract) — but the Node adapter, `src/node/`,
// the `@petstore/service/node` entry that only Node hosts import.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const srcDir = fileURLToPath(new URL("../src/", import.meta.url));
const problems: string[] = [];
for (const entry of await readdir(srcDir, { recursive: true })) {
  if (!entry.endsWith(".ts") || entry.startsWith("node/")) continue;
  const text = await readFile(join(srcDir, entry), "utf8");
  for (const [, specifier] of text.matchAll(/\bfrom\s+"([^"]+)"/g)) {
    if (specifier!.startsWith(".") || specifier === "@petstore/contract") continue;
    problems.push(`src/${entry} imports ${specifier}`);
  }
}
if (problems.length > 0) {
  console.error(`[@petstore/service] not browser-safe:\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(
  "[@petstore/service] lint: every source file but src/node/ imports only @petstore/contract and its own modules",
);
