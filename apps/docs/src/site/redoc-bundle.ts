import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Redoc 2 shows a "docs by Redocly" logo from its CDN in the menu footer. */
const CDN_LOGO = 'src:"https://cdn.redoc.ly/redoc/logo-mini.svg"';
/** The same place, drawn inline so the page loads nothing from another host. */
const INLINE_LOGO = `src:"data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#ef4136"/></svg>',
)}"`;

/** Redoc's standalone bundle (React and all) with its one remote image replaced by an inline one. */
export async function redocStandaloneBundle(): Promise<string> {
  const source = await readFile(require.resolve("redoc/bundles/redoc.standalone.js"), "utf8");
  return source.replaceAll(CDN_LOGO, INLINE_LOGO);
}
