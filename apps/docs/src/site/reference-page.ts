import { Marked } from "marked";
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
  @media (prefers-color-scheme: dark) {
    body { background: #0f172a; color: #e5e7eb; }
    .fallback a { color: #93c5fd; }
    /* Colours Redoc 2 fixes instead of taking them from the theme. */
    #redoc .redoc-markdown table tr, #redoc .redoc-markdown table th { background-color: #1e293b; }
    #redoc h5, #redoc h5 span, #redoc caption { color: #cbd5e1; }
    #redoc li.react-tabs__tab--selected { color: #111827; }
    /* Redoc leaves some chevrons (next to an operation's path, after "Authorizations") at SVG's default black. */
    #redoc svg polygon { fill: currentColor; }
  }`;

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
      return `<section id="${escapeHtml(`fallback-${op.operationId ?? `${method}-${path}`}`)}"><h2><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>: ${escapeHtml(op.summary ?? "")}${badge}</h2>${marked.parse(op.description ?? "", { async: false })}${code}</section>`;
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
 * The API reference as one HTML file: Redoc's standalone bundle and the document are inlined, so the page loads
 * nothing from another host; without JavaScript, a build-time rendering of the operations is shown instead.
 */
export function referencePage(
  document: OpenApiDocument,
  redocBundle: string,
  samples: Map<string, CodeSample[]> = new Map(),
): string {
  const spec = JSON.stringify(document).replace(/</g, "\\u003c");
  return page({
    title: `${document.info.title} ${document.info.version} — API reference`,
    description: `API reference of the ${document.info.title} ${document.info.version}.`,
    current: "reference",
    root: "./",
    css,
    body: `<main><noscript>${fallback(document, samples)}</noscript><div id="redoc"></div></main>
<script>${escapeInlineScript(redocBundle)}</script>
<script>${escapeInlineScript(boot(spec, JSON.stringify(redocOptions)))}</script>`,
  });
}
