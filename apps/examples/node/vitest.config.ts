import { defineProject } from "vitest/config";
import { sourceConditions } from "../../../vitest.shared.ts";

export default defineProject({
  ...sourceConditions,
  test: { name: "node", include: ["test/**/*.test.ts"] },
});
