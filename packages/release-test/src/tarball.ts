import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import path from "node:path";

/** The export condition that points the workspace at a package's TypeScript sources; never published. */
const SOURCE_CONDITION = "@petstore/source";

const CODE_FILE = /\.(c|m)?[jt]sx?$/;
// `from "x"`, `import "x"`, `import("x")`, `require("x")`, `export … from "x"`: every way a published file names a module.
const SPECIFIER =
  /\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']|\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g;

function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) return undefined;
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return name && !builtinModules.includes(name) ? name : undefined;
}

/** The bare module specifiers (packages) a JavaScript or declaration file's text imports or requires. */
export function importedPackages(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(SPECIFIER)) {
    const name = packageOf(match[1] ?? match[2] ?? match[3] ?? "");
    if (name) names.add(name);
  }
  return [...names];
}

/**
 * What is wrong with a published package as it lies in `dir` (an unpacked tarball or an installed package): a
 * `src/` folder, the {@link SOURCE_CONDITION} export condition, or a file that imports a package its manifest does
 * not depend on (an unpublished workspace package such as `@petstore/service`, which must be bundled instead).
 * `unpublished` names the workspace's private packages, which no dependency may name either. Empty when clean.
 */
export async function publishedPackageProblems(dir: string, unpublished: readonly string[]): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8"));
  const name: string = manifest.name;
  const problems: string[] = [];
  if (existsSync(path.join(dir, "src"))) problems.push(`${name}: ships src/ (only dist is published)`);
  if (JSON.stringify(manifest.exports ?? {}).includes(`"${SOURCE_CONDITION}"`)) {
    problems.push(`${name}: package.json "exports" has the "${SOURCE_CONDITION}" condition`);
  }
  const declared = new Set([
    name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
  for (const dependency of declared) {
    if (unpublished.includes(dependency)) problems.push(`${name}: depends on ${dependency}, which is not published`);
  }
  const files = (await readdir(dir, { recursive: true })).filter(
    (file) => CODE_FILE.test(file) && !file.split(path.sep).includes("node_modules"),
  );
  for (const file of files.sort()) {
    for (const imported of importedPackages(await readFile(path.join(dir, file), "utf8"))) {
      if (declared.has(imported)) continue;
      const why = unpublished.includes(imported) ? "an unpublished workspace package" : "not a dependency";
      problems.push(`${name}: ${file.split(path.sep).join("/")} imports ${imported} (${why})`);
    }
  }
  return problems;
}
