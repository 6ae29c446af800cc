import { defineProject } from "vitest/config";
import { integrationProject } from "../../vitest.shared.ts";

/** test/integration/: the README's snippets, each type-checked by tsc and run by tsx in a child process. */
export default defineProject(
  integrationProject({ name: "contract:integration", include: ["test/integration/**/*.test.ts"] }),
);
