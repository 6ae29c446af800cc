import { defineProject } from "vitest/config";
import { integrationProject } from "../../vitest.shared.ts";

/** test/integration/: through a fault proxy to a real server, against the built package, or on a built copy. */
export default defineProject(
  integrationProject({ name: "client:integration", include: ["test/integration/**/*.test.ts"] }),
);
