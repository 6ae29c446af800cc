import { defineProject } from "vitest/config";

// `npm test` here and the `web` project of the monorepo's `pnpm test`. Self-contained, so a copy of this folder
// runs as it is: the SDK comes from node_modules (in the monorepo, the workspace's build). The limits are the
// monorepo's integration tier: these tests build the app and drive Chromium, on a machine shared with every other
// project.
export default defineProject({
  test: { name: "web", include: ["test/**/*.test.ts"], testTimeout: 180_000, hookTimeout: 900_000 },
});
