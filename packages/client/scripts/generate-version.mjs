// Writes src/generated/version.ts from package.json so the version is typed once.
// `--check` fails instead of writing when the committed file is stale.
import { readFileSync, writeFileSync } from "node:fs";

const root = new URL("../", import.meta.url);
const { version } = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const target = new URL("src/generated/version.ts", root);
const expected = `// Generated from package.json by \`pnpm --filter @petstore/client generate\`. Do not edit by hand.
// \`pnpm --filter @petstore/client lint\` fails when this file is stale.

/** The version of @petstore/client, sent in the \`x-petstore-client\` header. */
export const VERSION = ${JSON.stringify(version)};

/** What the SDK calls itself in the \`x-petstore-client\` and \`User-Agent\` headers: \`@petstore/client/<VERSION>\`. */
export const CLIENT_ID = ${JSON.stringify(`@petstore/client/${version}`)};
`;

let current = "";
try {
  current = readFileSync(target, "utf8");
} catch {}

if (current === expected) process.exit(0);
if (process.argv.includes("--check")) {
  console.error("[@petstore/client] src/generated/version.ts is stale: run `pnpm --filter @petstore/client generate`.");
  process.exit(1);
}
writeFileSync(target, expected);
