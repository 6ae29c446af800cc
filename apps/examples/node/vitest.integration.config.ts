import { defineProject } from "vitest/config";

// `npm test` here and the `node` project of the monorepo's `pnpm test`. Self-contained, so a copy of this folder
// runs as it is: the SDK comes from node_modules (in the monorepo, the workspace's build). The limits are the
// monorepo's integration tier: these tests start processes, on a machine shared with every other project.
export default defineProject({
  test: { name: "node", include: ["test/**/*.test.ts"], testTimeout: 180_000, hookTimeout: 900_000 },
});
