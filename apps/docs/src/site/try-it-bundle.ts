import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const require = createRequire(import.meta.url);
const entry = join(dirname(fileURLToPath(import.meta.url)), "..", "try-it", "browser", "main.ts");

/** The reference page's script, by its path in the site: the entry, and the mock as a chunk loaded on first send. */
export interface TryItBundle {
  /** The path of the entry, to load with `<script type="module">`. */
  entry: string;
  files: Map<string, string>;
}

/**
 * Bundles the try-it panels, search and menu button for browsers with esbuild (minified, the workspace packages read
 * from source), and adds MSW's service worker script at the site root, where its scope covers the mock's URLs.
 */
export async function tryItBundle(): Promise<TryItBundle> {
  const result = await build({
    entryPoints: { "try-it": entry },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    conditions: ["@petstore/source"],
    outdir: "/assets",
    chunkNames: "try-it-[name]-[hash]",
    write: false,
    logLevel: "silent",
    // msw loads graphql only for GraphQL handlers, which the mock has none of.
    external: ["graphql"],
  });
  const files = new Map(result.outputFiles.map((file) => [file.path.replace(/^\//, ""), file.text]));
  const worker = require.resolve("msw/mockServiceWorker.js");
  files.set("mockServiceWorker.js", await readFile(worker, "utf8"));
  return { entry: "assets/try-it.js", files };
}
