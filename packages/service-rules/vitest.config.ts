import { defineProject } from "vitest/config";
import { unitProject } from "../../vitest.shared.ts";

export default defineProject(unitProject({ name: "service-rules", include: ["test/**/*.test.ts"] }));
