// Injected into the CommonJS build only (see tsup.config.ts): esbuild replaces `import.meta.url` with `importMetaUrl`,
// the URL of the running .cjs file. pathToFileURL escapes "#", "%" and spaces in the path; tsup's own shim
// (`new URL(\`file:${__filename}\`)`) does not, and it reads `document` when one exists (jsdom), giving an http: URL.
import { pathToFileURL } from "node:url";

/** `import.meta.url` for the CommonJS build. */
export const importMetaUrl: string = /* @__PURE__ */ pathToFileURL(__filename).href;
