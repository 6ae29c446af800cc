import { defineProject } from "vitest/config";
import { sourceConditions } from "../../vitest.shared.ts";

export default defineProject({
  ...sourceConditions,
  test: {
    name: "release-test",
    include: ["test/**/*.test.ts"],
    // Builds, publishes and installs from registries: 1½ to 3 minutes alone, but the setup hook (first
    // Verdaccio install, version, build, publish) shares two cores with every other project in `pnpm test`:
    // on a machine loaded 7× over, `pnpm release` alone took 427 s and the whole hook 580 s.
    testTimeout: 180_000,
    hookTimeout: 900_000,
  },
});
