import { defineProject } from "vitest/config";
import { integrationProject } from "../../vitest.shared.ts";

/** Through a fault proxy to a real server, or against the built package. */
export const integrationTests = ["test/integration/**/*.test.ts", "test/dist.test.ts"];

export default defineProject(integrationProject({ name: "client:integration", include: integrationTests }));
