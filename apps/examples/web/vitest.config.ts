import { defineProject } from "vitest/config";
import { sourceConditions } from "../../../vitest.shared.ts";

export default defineProject({
  ...sourceConditions,
  test: {
    name: "web",
    include: ["test/**/*.test.ts"],
    // Two production builds and a real browser: seconds, not milliseconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
