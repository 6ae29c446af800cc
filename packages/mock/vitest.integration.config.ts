import { defineProject } from "vitest/config";
import { integrationProject } from "../../vitest.shared.ts";

/** test/integration/: Prism, Chromium, child processes (the bin, Python), the built package, big memory checks. */
export default defineProject(
  integrationProject({ name: "mock:integration", include: ["test/integration/**/*.test.ts"] }),
);
