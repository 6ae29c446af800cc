import { Marked } from "marked";
import { escapeHtml, page } from "./layout";

const css = `
  body { margin: 0; padding-top: 48px; color: #1f2937; background: #fff; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  .guide { display: grid; grid-template-columns: 240px minmax(0, 1fr); gap: 40px; max-width: 1120px; margin: 0 auto; padding: 24px 20px 80px; }
  .guide nav { position: sticky; top: 72px; align-self: start; font-size: 14px; }
  .guide nav ol { list-style: none; padding: 0; margin: 0; }
  .guide nav li { margin: 6px 0; }
  .guide nav a { color: #374151; text-decoration: none; }
  .guide nav a:hover { color: #1d4ed8; }
  .guide h1 { font-size: 32px; margin-top: 0; }
  .guide h2 { margin-top: 40px; padding-top: 8px; border-top: 1px solid #e5e7eb; scroll-margin-top: 64px; }
  .guide code { font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #f3f4f6; padding: 1px 4px; border-radius: 4px; }
  .guide pre { background: #111827; color: #e5e7eb; padding: 16px; border-radius: 8px; overflow-x: auto; }
  .guide pre code { background: none; padding: 0; color: inherit; }
  .guide table { border-collapse: collapse; margin: 16px 0; }
  .guide th, .guide td { border: 1px solid #e5e7eb; padding: 6px 10px; text-align: left; vertical-align: top; }
  .guide th { background: #f9fafb; }
  .guide a { color: #1d4ed8; }
  .guide table { display: block; max-width: 100%; overflow-x: auto; }
  .guide main { min-width: 0; overflow-wrap: anywhere; }
  /* Headings and the names in a table's first column stay whole (Connectio|nError reads as two words); URLs and
     values in the other columns may break, so a table fits a phone. */
  .guide th, .guide td:first-child code { overflow-wrap: normal; }
  @media (max-width: 400px) { .guide th, .guide td { padding: 4px 6px; font-size: 14px; } .guide td code { font-size: 12px; } }
  @media (max-width: 800px) { .guide { grid-template-columns: minmax(0, 1fr); gap: 16px; padding: 16px 12px 64px; } .guide nav { position: static; } }
  @media (prefers-color-scheme: dark) {
    body { color: #e5e7eb; background: #0f172a; }
    .guide nav a { color: #cbd5e1; }
    .guide nav a:hover, .guide a { color: #93c5fd; }
    .guide h2 { border-top-color: #334155; }
    .guide code { background: #1e293b; }
    .guide pre { background: #020617; }
    .guide th, .guide td { border-color: #334155; }
    .guide th { background: #1e293b; }
  }`;

/** Turns a heading into the id the table of contents links to. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Renders the SDK guide's Markdown into a page with a table of contents of its `##` sections. */
export function guidePage(markdown: string): string {
  const sections: { id: string; text: string }[] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }) {
        const html = this.parser.parseInline(tokens);
        const id = slug(html);
        if (depth === 2) sections.push({ id, text: html });
        return `<h${depth} id="${id}">${html}</h${depth}>\n`;
      },
    },
  });
  // Code blocks scroll sideways on a phone, so each is focusable for keyboard readers (axe: scrollable-region-focusable).
  const content = marked.parse(markdown, { async: false }).replaceAll("<pre>", '<pre tabindex="0">');
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1] ?? "SDK guide";
  const toc = sections.map((s) => `<li><a href="#${s.id}">${s.text}</a></li>`).join("");
  return page({
    title: `${title} — Petstore API`,
    description:
      "How to use the Petstore TypeScript SDK: install, authenticate, environments, errors, retries, deprecations, testing with mocks.",
    current: "guide",
    root: "../",
    css,
    body: `<div class="guide"><nav aria-label="${escapeHtml(title)}"><ol>${toc}</ol></nav><main>${content}</main></div>`,
  });
}
