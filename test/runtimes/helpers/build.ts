import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

/** The scenario, compiled and bundled the ways users' tools do it. */
export interface Built {
  dir: string;
  /** The bundle inputs from `@petstore/client` of the workerd and browser bundles: they must be its dist files. */
  bundledSdkFiles: { worker: string[]; browser: string[] };
}

const root = join(import.meta.dirname, "..");

const sdkInputs = (inputs: Record<string, unknown>) =>
  Object.keys(inputs).filter((file) => file.includes("packages/client/"));

/**
 * Compiles `scenario.ts` to ESM and CommonJS for Node (as tsc would: imports left to Node's resolution), and bundles
 * the workerd and browser entries as wrangler and Vite would (conditions `workerd`/`worker`/`browser`).
 */
export async function buildScenario(): Promise<Built> {
  const dir = join(root, ".build");
  mkdirSync(dir, { recursive: true });
  const common = { entryPoints: [join(root, "scenario.ts")], target: "es2022", logLevel: "error" as const };
  const [, , worker, browser] = await Promise.all([
    build({ ...common, format: "esm", outfile: join(dir, "scenario.mjs") }),
    build({ ...common, format: "cjs", platform: "node", outfile: join(dir, "scenario.cjs") }),
    build({
      entryPoints: [join(root, "entries/worker.ts")],
      bundle: true,
      format: "esm",
      platform: "neutral",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["browser", "module", "main"],
      target: "es2022",
      outfile: join(dir, "worker.js"),
      metafile: true,
      logLevel: "error",
    }),
    build({
      entryPoints: [join(root, "entries/browser.ts")],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      outfile: join(dir, "page.js"),
      metafile: true,
      logLevel: "error",
    }),
  ]);
  return {
    dir,
    bundledSdkFiles: { worker: sdkInputs(worker.metafile.inputs), browser: sdkInputs(browser.metafile.inputs) },
  };
}
