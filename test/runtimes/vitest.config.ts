import { defineProject } from "vitest/config";
import { sourceConditions } from "../../vitest.shared.ts";

// The reference server runs from source in the test process; the runtimes under test load the built SDK.
export default defineProject({
  ...sourceConditions,
  test: { name: "runtimes", include: ["*.test.ts"], testTimeout: 120_000, hookTimeout: 180_000 },
});
