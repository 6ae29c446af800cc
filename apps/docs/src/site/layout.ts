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
  /* A phone has room for the three links or the name, not both; every page says the name in its title. */
  @media (max-width: 480px) { .site-header .brand { display: none; } }
  @media (prefers-color-scheme: dark) { .site-header { background: #020617; } }`;

/** The top bar shared by every page, linking the API reference and the SDK guide. */
export function siteHeader(current: PageName, root: string): string {
  const link = (name: PageName, href: string, label: string) =>
    `<a href="${href}"${name === current ? ' aria-current="page"' : ""}>${label}</a>`;
  return `<header class="site-header"><span class="brand">Petstore API</span><nav aria-label="Site">${link("reference", root, "API reference")}${link("guide", `${root}guide/`, "SDK guide")}<a href="${root}openapi.yaml" download>openapi.yaml</a></nav></header>`;
}

/** A complete HTML document with the shared head and top bar. */
export function page(options: {
  title: string;
  current: PageName;
  root: string;
  css: string;
  body: string;
  description: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="description" content="${escapeHtml(options.description)}">
<title>${escapeHtml(options.title)}</title>
<style>${headerCss}${options.css}</style>
</head>
<body>
${siteHeader(options.current, options.root)}
${options.body}
</body>
</html>
`;
}
