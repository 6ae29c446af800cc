import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { languageService as serviceIn } from "../../../../test/helpers/typescript.ts";

/** The client package folder. */
export const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A TypeScript language service over in-memory files placed in the client's test folder, with its tsconfig. */
export const languageService = (files: Record<string, string>) => serviceIn(packageDir, files);
