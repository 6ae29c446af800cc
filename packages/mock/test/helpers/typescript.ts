import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The mock package folder. */
export const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * Type errors of in-memory files placed in the package's test folder, checked with the package's tsconfig: the
 * imports resolve as in the package's own tests (`@petstore/mock` through the `@petstore/source` condition).
 */
export function typeErrors(files: Record<string, string>): Record<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(join(packageDir, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!config) throw new Error("[@petstore/mock] tsconfig.json could not be read");
  const virtual = new Map(Object.entries(files).map(([name, text]) => [join(packageDir, "test", name), text]));
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [...virtual.keys()],
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) => {
      const text = virtual.get(name) ?? ts.sys.readFile(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => packageDir,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (name) => virtual.has(name) || ts.sys.fileExists(name),
    readFile: (name) => virtual.get(name) ?? ts.sys.readFile(name),
    readDirectory: (...args) => ts.sys.readDirectory(...args),
    directoryExists: (name) => ts.sys.directoryExists(name),
    getDirectories: (name) => ts.sys.getDirectories(name),
    // pnpm links dependencies; without realpath, the dependencies of msw and openapi-fetch do not resolve.
    realpath: (name) => ts.sys.realpath?.(name) ?? name,
  };
  const service = ts.createLanguageService(host);
  return Object.fromEntries(
    [...virtual.keys()].map((path) => [
      path.slice(join(packageDir, "test").length + 1),
      [...service.getSyntacticDiagnostics(path), ...service.getSemanticDiagnostics(path)].map(
        (d) => `${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
      ),
    ]),
  );
}
