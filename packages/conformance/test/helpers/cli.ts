import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const packageDir = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Runs the CLI (`src/cli.ts` under tsx, workspace packages from source) on one target without fuzzing, as
 * `pnpm conformance -- --target <target> --fuzz-requests 0 …` does; `env` adds to the test's environment.
 */
export function conformance(target: string, args: string[], env: Record<string, string> = {}) {
  return promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      "--conditions=@petstore/source",
      "src/cli.ts",
      "--target",
      target,
      "--fuzz-requests",
      "0",
      ...args,
    ],
    { cwd: packageDir, env: { ...process.env, NO_COLOR: "1", ...env } },
  );
}
