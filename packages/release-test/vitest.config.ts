import { defineProject } from "vitest/config";
import { sourceConditions } from "../../vitest.shared.ts";

export default defineProject({
  ...sourceConditions,
  test: {
    name: "release-test",
    include: ["test/**/*.test.ts"],
    // Builds, publishes and installs from registries: 1½ to 3 minutes alone, but the setup hook (first
    // Verdaccio install, version, build, publish) shares two cores with every other project in `pnpm test`.
    testTimeout: 180_000,
    hookTimeout: 600_000,
  },
});
