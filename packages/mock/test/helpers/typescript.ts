import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { languageService } from "../../../../test/helpers/typescript.ts";

/** The mock package folder. */
export const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Type errors of in-memory files placed in the mock's test folder, by file name, checked with its tsconfig. */
export function typeErrors(files: Record<string, string>): Record<string, string[]> {
  const { errors } = languageService(packageDir, files);
  return Object.fromEntries(Object.keys(files).map((name) => [name, errors(name)]));
}
