import { defineConfig } from "vitest/config";

// Each workspace package with a vitest.config.ts is a project; `pnpm test` runs them all in one summary.
export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts", "apps/*/vitest.config.ts", "apps/examples/*/vitest.config.ts", "bench/vitest.config.{ts,mts}", "test/vitest.config.ts", "test/runtimes/vitest.config.ts"],
  },
});
