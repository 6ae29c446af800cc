import { defineProject } from "vitest/config";
import { sourceConditions } from "../../vitest.shared.ts";

export default defineProject({
  ...sourceConditions,
  // The demo starts a server, a proxy and a dozen SDK calls in a child process: seconds on a busy machine.
  test: { name: "demo", include: ["test/**/*.test.ts"], testTimeout: 60_000 },
});
