import { defaultClientConditions, defineConfig } from "vite";

// In this workspace the SDK packages resolve to their TypeScript source, so no build of them is needed.
// An app installing them from npm needs no configuration at all.
export default defineConfig({
  resolve: { conditions: ["@petstore/source", ...defaultClientConditions] },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
