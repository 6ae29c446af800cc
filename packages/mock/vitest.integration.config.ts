import { defineProject } from "vitest/config";
import { integrationProject } from "../../vitest.shared.ts";

/** Prism, Chromium, child processes (the bin, Python), the built package, and 100,000-request memory checks. */
export const integrationTests = [
  "test/prism.test.ts",
  "test/prism-script.test.ts",
  "test/browser-worker.test.ts",
  "test/abort.test.ts",
  "test/dist.test.ts",
  "test/readme.test.ts",
  "test/memory.test.ts",
  "test/cli.test.ts",
  "test/python.test.ts",
];

export default defineProject(integrationProject({ name: "mock:integration", include: integrationTests }));
