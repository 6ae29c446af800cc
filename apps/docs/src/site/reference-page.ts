import { Marked } from "marked";
import type { TryItOperation } from "../try-it/fields";
import type { CodeSample } from "./code-samples";
import { HEADER_HEIGHT, escapeHtml, escapeInlineScript, page } from "./layout";
import { deprecatedOperations, type OpenApiDocument } from "./reference";

/** Redoc options for the reference page. */
const redocOptions = {
  scrollYOffset: HEADER_HEIGHT,
  expandResponses: "200,201",
  jsonSampleExpandLevel: 3,
  hideHostname: false,
  pathInMiddlePanel: true,
};

/** Redoc's theme in light mode: its defaults, with the sidebar width the page was designed for. */
const lightTheme = { sidebar: { width: "260px" } };

/** Redoc's theme when the OS asks for dark mode: every colour Redoc lets a theme set, with AA contrast on #0f172a. */
const darkTheme = {
  sidebar: { width: "260px", backgroundColor: "#111827", textColor: "#e5e7eb", activeTextColor: "#93c5fd" },
  rightPanel: { backgroundColor: "#1e293b", textColor: "#e5e7eb" },
  codeBlock: { backgroundColor: "#0b1220" },
  colors: {
    primary: { main: "#93c5fd" },
    text: { primary: "#e5e7eb", secondary: "#cbd5e1" },
    border: { dark: "#475569", light: "#334155" },
    success: { main: "#4ade80" },
    warning: { main: "#fbbf24" },
    error: { main: "#f87171" },
    // Badge backgrounds under white text: dark enough for 4.5:1.
    http: {
      get: "#1d4ed8",
      post: "#15803d",
      put: "#7e22ce",
      options: "#a16207",
      patch: "#c2410c",
      delete: "#b91c1c",
      basic: "#4b5563",
      link: "#0e7490",
      head: "#be185d",
    },
  },
  schema: {
    linesColor: "#64748b",
    typeNameColor: "#cbd5e1",
    typeTitleColor: "#cbd5e1",
    requireLabelColor: "#f87171",
    nestedBackground: "#1e293b",
  },
  typography: {
    code: { color: "#fda4af", backgroundColor: "#1e293b" },
    links: { color: "#93c5fd", visited: "#c4b5fd", hover: "#bfdbfe" },
  },
};

/** The try-it panels (a form in Redoc's middle column, samples and response in its dark right one) and the search. */
const tryItCss = `
  /* The top bar's menu button replaces Redoc's floating one, which covered the text under it on a phone. */
  .try-it-ready #redoc .menu-content + div { display: none; }
  #redoc .try-it { display: flex; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2937; }
  #redoc .try-it-main, #redoc .try-it-side { box-sizing: border-box; padding: 8px 40px 40px; min-width: 0; }
  #redoc .try-it-main { width: 60%; }
  #redoc .try-it-side { width: 40%; background: #263238; color: #fff; }
  @media (max-width: 75rem) {
    #redoc .try-it { flex-direction: column; }
    #redoc .try-it-main, #redoc .try-it-side { width: 100%; }
    #redoc .try-it-side { padding-top: 24px; }
  }
  @media (max-width: 400px) { #redoc .try-it-main, #redoc .try-it-side { padding-left: 20px; padding-right: 20px; } }
  #redoc .try-it h3 { font-size: 20px; font-weight: 600; margin: 0 0 16px; }
  #redoc .try-it fieldset { border: 1px solid #d1d5db; border-radius: 6px; margin: 0 0 16px; padding: 4px 12px 12px; min-width: 0; }
  #redoc .try-it legend { font-weight: 600; padding: 0 4px; }
  #redoc .try-it-field { margin: 8px 0 12px; }
  #redoc .try-it-field[hidden] { display: none; }
  #redoc .try-it label { display: block; font-weight: 600; margin-bottom: 4px; overflow-wrap: anywhere; }
  #redoc .try-it input, #redoc .try-it select { box-sizing: border-box; width: 100%; max-width: 28rem; padding: 6px 8px;
    border: 1px solid #6b7280; border-radius: 4px; background: #fff; color: #1f2937; font: inherit; }
  #redoc .try-it-hint { margin: 4px 0 0; font-size: 13px; color: #4b5563; }
  #redoc .try-it-send { padding: 8px 20px; border: 0; border-radius: 6px; background: #1d4ed8; color: #fff; font: inherit;
    font-weight: 600; cursor: pointer; }
  #redoc .try-it-send:disabled { cursor: progress; }
  #redoc .try-it :focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
  #redoc .try-it-side h4 { margin: 16px 0 8px; font-size: 14px; font-weight: 600; color: inherit; }
  #redoc .try-it-side pre { margin: 0; padding: 12px; border-radius: 4px; background: #11171a; color: #fff;
    font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  #redoc .try-it-side :focus-visible { outline-color: #93c5fd; }
  #redoc .try-it-note { margin: 8px 0; font-size: 13px; color: #cbd5e1; overflow-wrap: anywhere; }
  #redoc .try-it-note[hidden] { display: none; }
  #redoc .try-it-status { margin: 0; font-size: 16px; font-weight: 700; }
  #redoc .try-it-status-2xx { color: #4ade80; }
  #redoc .try-it-status-4xx, #redoc .try-it-status-5xx, #redoc .try-it-error { color: #fca5a5; }
  #redoc .try-it-headers { list-style: none; margin: 8px 0; padding: 0;
    font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
  #redoc .try-it-header-name { color: #cbd5e1; }
  #redoc .try-it-deprecation, #redoc .try-it-deprecation .try-it-header-name { color: #fbbf24; }
  .op-search { box-sizing: border-box; width: min(36rem, calc(100vw - 32px)); max-height: calc(100vh - 96px);
    margin: 64px auto auto; padding: 16px; border: 1px solid #94a3b8; border-radius: 8px; background: #fff; color: #1f2937;
    font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  .op-search::backdrop { background: rgba(15, 23, 42, 0.6); }
  .op-search h2 { margin: 0 0 8px; font-size: 18px; }
  .op-search label { display: block; margin-bottom: 4px; font-size: 14px; }
  .op-search input { box-sizing: border-box; width: 100%; padding: 8px; border: 1px solid #6b7280; border-radius: 4px;
    background: #fff; color: #1f2937; font: inherit; }
  .op-search ul { list-style: none; margin: 12px 0 0; padding: 0; }
  .op-search a { display: block; padding: 8px; border-radius: 4px; color: inherit; text-decoration: none; overflow-wrap: anywhere; }
  .op-search a:hover, .op-search a:focus { background: #eff6ff; }
  .op-search :focus-visible { outline: 2px solid #2563eb; outline-offset: 1px; }
  .op-search-summary { display: block; font-weight: 600; color: #1d4ed8; }
  .op-search-meta, .op-search-keys, .op-search-none { font-size: 13px; color: #4b5563; }
  .op-search code { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  .op-search-keys { margin: 8px 0 0; }
  @media (prefers-color-scheme: dark) {
    #redoc .try-it { color: #e5e7eb; }
    #redoc .try-it fieldset { border-color: #475569; }
    #redoc .try-it input, #redoc .try-it select { background: #0b1220; color: #e5e7eb; border-color: #94a3b8; }
    #redoc .try-it-hint { color: #cbd5e1; }
    #redoc .try-it-send { background: #93c5fd; color: #0f172a; }
    #redoc .try-it :focus-visible { outline-color: #93c5fd; }
    #redoc .try-it-side { background: #1e293b; }
    #redoc .try-it-side pre { background: #0b1220; color: #e5e7eb; }
    .op-search { background: #0f172a; color: #e5e7eb; }
    .op-search input { background: #0b1220; color: #e5e7eb; border-color: #94a3b8; }
    .op-search a:hover, .op-search a:focus { background: #1e293b; }
    .op-search-summary { color: #93c5fd; }
    .op-search-meta, .op-search-keys, .op-search-none { color: #cbd5e1; }
  }`;

const css = `
  body { margin: 0; padding-top: ${HEADER_HEIGHT}px; background: #fff; color: #1f2937; }
  .fallback { max-width: 960px; margin: 0 auto; padding: 16px 20px 64px; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  .fallback pre { overflow-x: auto; background: #111827; color: #e5e7eb; padding: 12px; border-radius: 6px; }
  .fallback code { font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  .fallback .method { font-weight: 700; }
  .fallback .deprecated { display: inline-block; vertical-align: middle; font-size: 14px; font-weight: 600; padding: 0 8px; border-radius: 4px; background: #fde68a; color: #1f2937; }
  /* Code samples wrap rather than scroll sideways: on a phone the sample panel is about 200 px wide. */
  #redoc pre, .fallback pre { white-space: pre-wrap; overflow-wrap: anywhere; }
  /* Redoc hides the separator before each contact item in a negative margin; an item that wraps onto a line of its
     own (a 320 px phone) started there as well, and lost its first letters to the overflow. */
  #redoc .api-info > div > div > div > span { padding-left: 15px; text-indent: -15px; }
  #redoc .api-info > div > div > div > span::before { text-indent: 0; }
  .fallback a { color: #1d4ed8; }
  .fallback .needs-js { border-left: 4px solid #1d4ed8; padding-left: 12px; }
${tryItCss}
  @media (prefers-color-scheme: dark) {
    body { background: #0f172a; color: #e5e7eb; }
    .fallback a { color: #93c5fd; }
    .fallback .needs-js { border-color: #93c5fd; }
    /* Colours Redoc 2 fixes instead of taking them from the theme. */
    #redoc .redoc-markdown table tr, #redoc .redoc-markdown table th { background-color: #1e293b; }
    #redoc h5, #redoc h5 span, #redoc caption { color: #cbd5e1; }
    #redoc li.react-tabs__tab--selected { color: #111827; }
    /* Redoc leaves some chevrons (next to an operation's path, after "Authorizations") at SVG's default black. */
    #redoc svg polygon { fill: currentColor; }
  }`;

const needsJs =
  '<p class="needs-js"><strong>Try it</strong> needs JavaScript: with it on, this page sends the request to a mock ' +
  "running in the page (no key needed) or to an environment you choose, and the samples follow what you type.</p>";

/**
 * The reference without JavaScript: every operation, its deprecation and its code samples, rendered at build time
 * from the reference document (whose descriptions carry each deprecation's dates).
 */
function fallback(document: OpenApiDocument, samples: Map<string, CodeSample[]>): string {
  const marked = new Marked({ gfm: true });
  const deprecated = new Set(deprecatedOperations(document).map((op) => op.operationId));
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      // The description already says when and for what (referenceDocument adds that when the contract does not).
      const badge =
        op.operationId && deprecated.has(op.operationId) ? ' <span class="deprecated">Deprecated</span>' : "";
      const code = (op.operationId ? (samples.get(op.operationId) ?? []) : [])
        .map((sample) => `<h3>${escapeHtml(sample.label)}</h3><pre><code>${escapeHtml(sample.source)}</code></pre>`)
        .join("");
      return `<section id="${escapeHtml(`fallback-${op.operationId ?? `${method}-${path}`}`)}"><h2><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>: ${escapeHtml(op.summary ?? "")}${badge}</h2>${marked.parse(op.description ?? "", { async: false })}${code}${needsJs}</section>`;
    }),
  );
  return `<div class="fallback"><h1>${escapeHtml(`${document.info.title} ${document.info.version}`)}</h1>
<p>This is the reference without JavaScript: the operations and their code samples. Turn JavaScript on for schemas, responses and search, read the <a href="guide/">SDK guide</a>, or download <a href="openapi.yaml">openapi.yaml</a>.</p>
${operations.join("\n")}</div>`;
}

// Runs in the page: Redoc follows the OS colour scheme (re-rendered when it changes), and Redoc's headings skip
// levels (h1 sections, h2 operations, h5 labels), so each heading is given the aria-level that keeps the order.
const boot = (spec: string, options: string) => `(function () {
  var root = document.getElementById("redoc");
  var dark = window.matchMedia("(prefers-color-scheme: dark)");
  var themes = { light: ${JSON.stringify(lightTheme)}, dark: ${JSON.stringify(darkTheme)} };
  function levels() {
    var previous = 1;
    root.querySelectorAll("h1, h2, h3, h4, h5, h6").forEach(function (heading) {
      var level = Number(heading.tagName.slice(1));
      var fixed = Math.min(level, previous + 1);
      if (fixed !== level) heading.setAttribute("aria-level", String(fixed));
      else heading.removeAttribute("aria-level");
      previous = fixed;
    });
    // Code that scrolls sideways must be reachable by keyboard.
    root.querySelectorAll("pre").forEach(function (pre) { pre.setAttribute("tabindex", "0"); });
    // Redoc names each menu item by its summary alone ("Add an animal") while it shows the method too ("post Add an
    // animal"); a name that differs from the visible text fails WCAG 2.5.3, so the item is named by what it shows.
    root.querySelectorAll(".menu-content li[aria-label]").forEach(function (item) { item.removeAttribute("aria-label"); });
  }
  var pending = false;
  new MutationObserver(function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; levels(); });
  }).observe(root, { childList: true, subtree: true });
  function render() {
    var options = Object.assign({}, ${options}, { theme: dark.matches ? themes.dark : themes.light });
    Redoc.init(${spec}, options, root, levels);
  }
  dark.addEventListener("change", render);
  render();
})();`;

/**
 * Redoc greys a deprecated operation's menu item with a fixed #707070, too faint on the dark menu (3.6:1): in dark mode
 * each deprecated operation's item gets a grey with AA contrast, keeping Redoc's strike-through.
 */
function deprecatedMenuCss(document: OpenApiDocument): string {
  const selectors = deprecatedOperations(document).map(
    (op) => `#redoc .menu-content li[data-item-id="${op.anchor.slice(1).replace(/["\\]/g, "\\$&")}"] span[width]`,
  );
  return selectors.length === 0
    ? ""
    : `\n  @media (prefers-color-scheme: dark) { ${selectors.join(", ")} { color: #a8b0bd; } }`;
}

/** The try-it panels' script (built by esbuild) and what it needs, embedded in the page as JSON. */
export interface TryItAssets {
  /** The script's path in the site, loaded as a module. */
  script: string;
  data: { operations: TryItOperation[]; servers: { production: string; staging: string } };
}

/** The top bar's buttons on the reference page; hidden until the page's script takes them over. */
const headerTools = [
  '<button type="button" class="menu-button" aria-label="Menu" aria-expanded="false" hidden>',
  '<svg aria-hidden="true" viewBox="0 0 24 24"><path d="M4 6h16M4 12h16M4 18h16"/></svg></button>',
  '<button type="button" class="search-button" aria-keyshortcuts="Control+K Meta+K" hidden>',
  '<svg aria-hidden="true" viewBox="0 0 24 24"><circle cx="11" cy="11" r="7"/><path d="m20 20-4-4"/></svg>',
  '<span class="search-label">Search</span><kbd>Ctrl K</kbd></button>',
].join("");

/**
 * The API reference as one HTML file: Redoc's standalone bundle and the document are inlined, so the page loads
 * nothing from another host; without JavaScript, a build-time rendering of the operations is shown instead. With
 * `tryIt`, the page also loads the try-it panels, the operation search and the top bar's menu button.
 */
export function referencePage(
  document: OpenApiDocument,
  redocBundle: string,
  samples: Map<string, CodeSample[]> = new Map(),
  tryIt?: TryItAssets,
): string {
  const spec = JSON.stringify(document).replace(/</g, "\\u003c");
  const tryItScripts = tryIt
    ? `
<script type="application/json" id="try-it-data">${JSON.stringify(tryIt.data).replace(/</g, "\\u003c")}</script>
<script type="module" src="${escapeHtml(tryIt.script)}"></script>`
    : "";
  return page({
    title: `${document.info.title} ${document.info.version} — API reference`,
    description: `API reference of the ${document.info.title} ${document.info.version}.`,
    current: "reference",
    root: "./",
    css: css + deprecatedMenuCss(document),
    tools: tryIt ? headerTools : "",
    body: `<main><noscript>${fallback(document, samples)}</noscript><div id="redoc"></div></main>
<script>${escapeInlineScript(redocBundle)}</script>
<script>${escapeInlineScript(boot(spec, JSON.stringify(redocOptions)))}</script>${tryItScripts}`,
  });
}
