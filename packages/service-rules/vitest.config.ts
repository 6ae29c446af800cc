import { defineProject } from "vitest/config";
import { sourceConditions } from "../../vitest.shared.ts";

export default defineProject({
  ...sourceConditions,
  test: { name: "service-rules", include: ["test/**/*.test.ts"] },
});
