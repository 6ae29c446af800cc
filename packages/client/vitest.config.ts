import { defineProject } from "vitest/config";
import { unitProject } from "../../vitest.shared.ts";

export default defineProject(unitProject({ name: "client", include: ["test/**/*.test.ts"], typecheck: true }));
