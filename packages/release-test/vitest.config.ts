import { defineProject } from "vitest/config";
import { sourceConditions } from "../../vitest.shared";

export default defineProject({
  ...sourceConditions,
  test: {
    name: "release-test",
    include: ["test/**/*.test.ts"],
    // Builds, publishes and installs from registries: minutes, not milliseconds.
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
