import { defineProject } from "vitest/config";
import { integrationProject } from "../../vitest.shared.ts";

/** Prism, Chromium, child processes and the built package. */
export const integrationTests = [
  "test/prism.test.ts",
  "test/prism-script.test.ts",
  "test/browser-worker.test.ts",
  "test/abort.test.ts",
  "test/dist.test.ts",
  "test/readme.test.ts",
];

export default defineProject(integrationProject({ name: "mock:integration", include: integrationTests }));
