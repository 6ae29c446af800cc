import { defineProject } from "vitest/config";
import { unitProject } from "../../vitest.shared.ts";

// test/integration/ is the other tier's: the unit tier never reads it.
export default defineProject(unitProject({ name: "mock", include: ["test/**/*.test.ts"], typecheck: true }));
