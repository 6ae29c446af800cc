import { execFile } from "node:child_process";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

/**
 * Milliseconds a fresh Node process spends in `await import(specifier)` (resolution, loading,
 * compiling and evaluating the module graph), measured inside that process.
 */
export async function coldImportMs(specifier: string, cwd: string): Promise<number> {
  const script =
    `const start = performance.now(); await import(${JSON.stringify(specifier)}); ` +
    `process.stdout.write(String(performance.now() - start));`;
  const { stdout } = await execFileAsync(process.execPath, ["--input-type=module", "-e", script], { cwd });
  const ms = Number(stdout);
  if (!Number.isFinite(ms)) throw new Error(`[@petstore/bench] unexpected import timing output: ${stdout}`);
  return ms;
}
