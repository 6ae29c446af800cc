/** Which page of the site is being rendered, to highlight it in the top bar. */
export type PageName = "reference" | "guide";

/** Height of the fixed top bar in pixels; Redoc offsets its menu and anchors by it. */
export const HEADER_HEIGHT = 48;

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Makes a string safe inside an inline <script>: no `</script>` or `<!--` can end the element early. */
export function escapeInlineScript(source: string): string {
  return source.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
}

const headerCss = `
  .site-header { position: fixed; top: 0; left: 0; right: 0; height: ${HEADER_HEIGHT}px; z-index: 100;
    display: flex; align-items: center; gap: 24px; padding: 0 20px; box-sizing: border-box;
    background: #1f2a37; color: #fff; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  .site-header a { color: #cbd5e1; text-decoration: none; }
  .site-header a:hover, .site-header a[aria-current="page"] { color: #fff; }
  .site-header a[aria-current="page"] { border-bottom: 2px solid #60a5fa; padding-bottom: 2px; }
  .site-header .brand { color: #fff; font-weight: 600; margin-right: 8px; white-space: nowrap; }
  .site-header nav { display: flex; gap: 24px; min-width: 0; overflow-x: auto; white-space: nowrap; }
  @media (max-width: 600px) {
    .site-header { gap: 12px; padding: 0 12px; font-size: 14px; }
    .site-header nav { gap: 12px; }
  }
  /* A phone has room for the links and the buttons or the name, not both; every page says the name in its title. */
  @media (max-width: 640px) { .site-header .brand { display: none; } }
  .site-header .short { display: none; }
  @media (max-width: 480px) { .site-header .short { display: inline; } .site-header .long { display: none; } }
  .site-header .tools { display: flex; gap: 8px; margin-left: auto; }
  .site-header .menu-button { order: -1; }
  .site-header button { display: inline-flex; align-items: center; justify-content: center; gap: 6px; min-width: 36px;
    height: 36px; padding: 0 8px; border: 1px solid #64748b; border-radius: 6px; background: transparent; color: #fff;
    font: inherit; cursor: pointer; }
  .site-header button[hidden] { display: none; }
  .site-header button:hover { border-color: #cbd5e1; }
  .site-header button:focus-visible, .site-header a:focus-visible { outline: 2px solid #93c5fd; outline-offset: 2px; }
  .site-header kbd { font: 12px/1 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #cbd5e1; }
  .site-header svg { width: 18px; height: 18px; fill: none; stroke: currentColor; stroke-width: 2; }
  /* Redoc shows its menu button below 50rem; the top bar's takes its place there. */
  @media (min-width: 50.0625rem) { .site-header .menu-button { display: none; } }
  @media (max-width: 600px) { .site-header kbd { display: none; } }
  @media (max-width: 480px) {
    .site-header { gap: 8px; padding: 0 8px; }
    .site-header nav { gap: 10px; }
    .site-header .search-button svg { display: none; }
  }
  @media (prefers-color-scheme: dark) { .site-header { background: #020617; } }`;

/** Each page's link in the top bar: its name, and the shorter one a phone shows. */
const links: Record<PageName, [string, string]> = {
  reference: ["API reference", "Reference"],
  guide: ["SDK guide", "Guide"],
};

/**
 * The top bar shared by every page, linking the API reference, the SDK guide and the contract; `tools` (buttons that
 * need the page's script) go at its end.
 */
export function siteHeader(current: PageName, root: string, tools = ""): string {
  const label = ([long, short]: [string, string]) =>
    `<span class="long">${long}</span><span class="short">${short}</span>`;
  const link = (name: PageName, href: string) =>
    `<a href="${href}"${name === current ? ' aria-current="page"' : ""}>${label(links[name])}</a>`;
  return `<header class="site-header"><span class="brand">Petstore API</span><nav aria-label="Site">${link("reference", root)}${link("guide", `${root}guide/`)}<a href="${root}openapi.yaml" download>${label(["openapi.yaml", "YAML"])}</a></nav>${tools ? `<div class="tools">${tools}</div>` : ""}</header>`;
}

/** A complete HTML document with the shared head and top bar. */
export function page(options: {
  title: string;
  current: PageName;
  root: string;
  css: string;
  body: string;
  description: string;
  /** Buttons for the top bar's end. Defaults to none. */
  tools?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<meta name="description" content="${escapeHtml(options.description)}">
<title>${escapeHtml(options.title)}</title>
<style>${headerCss}${options.css}</style>
</head>
<body>
${siteHeader(options.current, options.root, options.tools)}
${options.body}
</body>
</html>
`;
}
