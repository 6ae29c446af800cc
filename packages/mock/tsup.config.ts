import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", prism: "src/prism/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  target: "es2022",
  // The Prism launcher resolves the contract and prism-cli from its own location (import.meta.url); the shim gives
  // the CommonJS build the same URL from __filename.
  shims: true,
});
