import { defineConfig } from "tsup";

export default defineConfig({
  // `cli` is the package's bin (`petstore-mock`); esbuild keeps its `#!/usr/bin/env node` line.
  entry: { index: "src/index.ts", prism: "src/prism/index.ts", http: "src/http/index.ts", cli: "src/cli/main.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  target: "es2022",
  splitting: false,
  // The service's rules are a private workspace package: bundled in, so the published package does not depend on it.
  noExternal: ["@petstore/service"],
  // The http entry imports the main one by the package's own name, so both share one module instance (and the main
  // entry's code is not copied into it).
  external: ["@petstore/mock"],
  // The Prism launcher resolves the contract and prism-cli from its own location (import.meta.url). CommonJS has no
  // import.meta, so the CJS build gets the URL of its own file from scripts/cjs-shims.ts instead.
  esbuildOptions(options, { format }) {
    if (format !== "cjs") return;
    options.define = { ...options.define, "import.meta.url": "importMetaUrl" };
    options.inject = [...(options.inject ?? []), "scripts/cjs-shims.ts"];
  },
});
