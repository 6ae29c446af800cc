import { build, type BuildOptions } from "esbuild";
import { createRequire } from "node:module";
import path from "node:path";

/** How an app bundler ships code to browsers: ESM, minified, every dependency inlined, unused exports shaken out. */
export const browserBundle = {
  bundle: true,
  minify: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
} as const satisfies BuildOptions;

/**
 * Bundle a module source (resolved from `resolveDir`) the way an app bundler ships it to browsers:
 * ESM, minified, every dependency inlined, unused exports shaken out. Returns the output bytes.
 */
export async function bundleMinified(
  source: string,
  resolveDir: string,
  conditions: string[] = [],
  external: string[] = [],
): Promise<Uint8Array> {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: "ts", sourcefile: "bench-entry.ts" },
    ...browserBundle,
    conditions,
    external,
    write: false,
    logLevel: "silent",
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error("[@petstore/bench] esbuild produced no output");
  return output.contents;
}

/** Absolute path of a package's built ESM entry (its `exports["."].import`), resolved from `fromDir`. */
export function builtEsmEntry(packageName: string, fromDir: string): string {
  const require = createRequire(path.join(fromDir, "noop.js"));
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const manifest = require(manifestPath) as { exports?: Record<string, unknown> };
  const entry = pickImport(manifest.exports?.["."]);
  if (!entry) throw new Error(`[@petstore/bench] ${packageName} has no exports["."].import entry`);
  return path.join(path.dirname(manifestPath), entry);
}

/** The file an `import` condition points at, whether written as a string or `{ types, default }`. */
function pickImport(entry: unknown): string | undefined {
  if (typeof entry !== "object" || entry === null) return undefined;
  const target = (entry as Record<string, unknown>).import;
  if (typeof target === "string") return target;
  if (typeof target === "object" && target !== null) {
    const fallback = (target as Record<string, unknown>).default;
    return typeof fallback === "string" ? fallback : undefined;
  }
  return undefined;
}

/** Whether `packageName` (resolved from `fromDir`) exports `subpath` (such as "./raw"), so it can be imported. */
export function exportsSubpath(packageName: string, subpath: string, fromDir: string): boolean {
  const require = createRequire(path.join(fromDir, "noop.js"));
  const manifest = require(`${packageName}/package.json`) as { exports?: Record<string, unknown> };
  return manifest.exports?.[subpath] !== undefined;
}
