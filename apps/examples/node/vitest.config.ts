import { defineProject } from "vitest/config";
import { sourceConditions } from "../../../vitest.shared.ts";

export default defineProject({
  ...sourceConditions,
  // Several tests start `pnpm start` (pnpm, tsx, node): seconds each on a busy machine.
  test: { name: "node", include: ["test/**/*.test.ts"], testTimeout: 60_000 },
});
