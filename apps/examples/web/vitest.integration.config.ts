import { defineProject } from "vitest/config";
import { integrationProject } from "../../../vitest.shared.ts";

export default defineProject(integrationProject({ name: "web", include: ["test/**/*.test.ts"] }));
