import path from "node:path";

// Variables a parent pnpm/npm/vitest run exports; inherited, they would point the child at the wrong
// registry, config or project, so every child starts from an environment without them.
const INHERITED_TOOL_VARIABLES = /^(npm_config_|npm_package_|npm_lifecycle_|pnpm_config_|vitest|node_env$|init_cwd$)/i;

/**
 * The current environment without package-manager and test-runner variables, with `PATH` stripped of
 * `exclude`'s `node_modules/.bin` folders (so no workspace binary can be picked up), plus `extra`.
 */
export function isolatedEnv(exclude: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!INHERITED_TOOL_VARIABLES.test(key)) env[key] = value;
  }
  const prefix = path.resolve(exclude) + path.sep;
  env.PATH = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((entry) => !(path.resolve(entry) + path.sep).startsWith(prefix))
    .join(path.delimiter);
  return { ...env, ...extra };
}
