import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", query: "src/query/index.ts", raw: "src/raw.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  target: "es2022",
});
