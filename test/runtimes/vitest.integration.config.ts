import { defineProject } from "vitest/config";
import { integrationProject } from "../../vitest.shared.ts";

// The reference server runs from source in the test process; the runtimes under test load the built SDK.
export default defineProject(integrationProject({ name: "runtimes", include: ["*.test.ts"] }));
