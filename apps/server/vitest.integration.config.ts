import { defineProject } from "vitest/config";
import { integrationProject } from "../../vitest.shared.ts";

/** Server processes, PostgreSQL clusters, PID namespaces and full disks. */
export const integrationTests = ["test/process/**/*.test.ts", "test/storage/**/*.test.ts"];

export default defineProject(integrationProject({ name: "server:integration", include: integrationTests }));
