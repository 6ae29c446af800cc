import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";

const execFileAsync = promisify(execFile);
const benchRoot = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Compile `src/children/<script>` (and the bench files it imports) to plain ESM in bench/.tmp, leaving every package
 * import as it is: run with plain `node`, the child then resolves the built packages from bench/node_modules as a
 * user's test would, and no TypeScript loader adds work to what is timed. Returns the compiled entry's path.
 */
export async function compileChild(script: string): Promise<string> {
  const outdir = path.join(benchRoot, ".tmp", "children", path.basename(script, ".ts"));
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    entryPoints: [path.join(benchRoot, "src", "children", script)],
    bundle: true,
    splitting: true,
    packages: "external",
    format: "esm",
    platform: "node",
    target: "node20",
    outdir,
    outExtension: { ".js": ".mjs" },
    metafile: true,
    absWorkingDir: benchRoot,
    logLevel: "silent",
  });
  const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint !== undefined)?.[0];
  if (!entry) throw new Error(`[@petstore/bench] esbuild produced no entry for ${script}`);
  return path.resolve(benchRoot, entry);
}

/** Run a compiled child with plain `node` and parse the JSON it prints. */
export async function runChildJson<T>(file: string, args: readonly string[]): Promise<T> {
  // `pnpm bench -- --profile` sets BENCH_CPU_PROF_DIR: profile these children too.
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const { stdout } = await execFileAsync(process.execPath, [...profile, file, ...args], {
    cwd: benchRoot,
    maxBuffer: 16 * 1024 * 1024,
  });
  try {
    return JSON.parse(stdout) as T;
  } catch {
    throw new Error(`[@petstore/bench] ${path.basename(file)} printed no JSON: ${stdout.slice(0, 500)}`);
  }
}
