import { join } from "node:path";
import ts from "typescript";

/**
 * A TypeScript language service over in-memory files placed in `<packageDir>/test`, checked with that package's
 * tsconfig, so their imports resolve exactly as in the package's own tests (workspace packages through the
 * `@petstore/source` condition). Used to prove that README snippets type-check as pasted.
 */
export function languageService(packageDir: string, files: Record<string, string>) {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(packageDir, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error(`${packageDir}/tsconfig.json could not be read`);
  const path = (name: string) => join(packageDir, "test", name);
  const virtual = new Map(Object.entries(files).map(([name, text]) => [path(name), text]));
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
    // pnpm links dependencies; without realpath, the dependencies of openapi-fetch and msw do not resolve.
    realpath: (name) => ts.sys.realpath?.(name) ?? name,
  };
  const service = ts.createLanguageService(host);
  return {
    service,
    /** Syntactic and semantic errors of one virtual file, as `code: message` lines. */
    errors(name: string): string[] {
      return [...service.getSyntacticDiagnostics(path(name)), ...service.getSemanticDiagnostics(path(name))].map(
        (d) => `${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
      );
    },
    /** Suggestion diagnostics (such as 6385 "is deprecated") of one virtual file. */
    suggestions(name: string) {
      return service
        .getSuggestionDiagnostics(path(name))
        .map((d) => ({ code: d.code, text: ts.flattenDiagnosticMessageText(d.messageText, "\n"), start: d.start }));
    },
    /** JSDoc tags of the symbol at the first occurrence of `marker` in a virtual file. */
    tagsAt(name: string, marker: string) {
      const text = virtual.get(path(name)) ?? "";
      const info = service.getQuickInfoAtPosition(path(name), text.indexOf(marker));
      return (info?.tags ?? []).map((tag) => ({ name: tag.name, text: ts.displayPartsToString(tag.text) }));
    },
  };
}
