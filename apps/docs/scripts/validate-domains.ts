// `pnpm --filter @petstore/docs lint`: validates domains.json against domains.schema.json and the redirect rules.
import { join } from "node:path";
import { docsRoot } from "../src/site/build";
import { loadDomainsConfig, primaryDomain } from "../src/domains/config";

try {
  const config = await loadDomainsConfig(join(docsRoot, "domains.json"));
  console.log(`[@petstore/docs] domains.json is valid: primary ${primaryDomain(config)}, ${config.redirects.length} redirect(s).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
