import { defineConfig } from "vitest/config";
import type { TestTier } from "./vitest.shared.ts";

// Every workspace package's vitest.config.ts (unit tier) and vitest.integration.config.ts (integration tier) is a
// project; `pnpm test` runs both tiers in one summary, `pnpm test:unit` / `pnpm test:integration` one of them.
// Globs, not plain paths: vitest refuses a plain path to a file that does not exist.
const places = ["packages/*", "apps/*", "apps/examples/*", "{bench,test}", "test/*"];
const configFiles: Record<TestTier, string[]> = {
  unit: places.map((place) => `${place}/vitest.config.ts`),
  integration: places.map((place) => `${place}/vitest.integration.config.ts`),
};

const tier = process.env.PETSTORE_TEST_TIER;
if (tier !== undefined && tier !== "unit" && tier !== "integration") {
  throw new Error(`PETSTORE_TEST_TIER is "${tier}"; use "unit" or "integration", or leave it unset for both`);
}

export default defineConfig({
  test: { projects: tier ? configFiles[tier] : [...configFiles.unit, ...configFiles.integration] },
});
