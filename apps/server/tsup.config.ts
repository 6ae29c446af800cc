import { defineConfig } from "tsup";

// `pnpm --filter @petstore/server build`: dist/main.js, the production start (`node apps/server/dist/main.js`).
// The workspace packages it imports are bundled (they are TypeScript sources, not built packages); the npm
// dependencies stay in node_modules, libsql among them for its native binary.
export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  clean: true,
  noExternal: [/^@petstore\//],
  esbuildOptions(options) {
    options.conditions = ["@petstore/source"];
  },
});
