import { defineProject } from "vitest/config";
import { sourceConditions } from "../../vitest.shared.ts";

export default defineProject({
  ...sourceConditions,
  test: {
    name: "mock",
    include: ["test/**/*.test.ts"],
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
  },
});
