import { defineProject } from "vitest/config";
import { unitProject } from "../../vitest.shared.ts";
import { integrationTests } from "./vitest.integration.config.ts";

export default defineProject(
  unitProject({ name: "mock", include: ["test/**/*.test.ts"], exclude: integrationTests, typecheck: true }),
);
