import { HEADER_HEIGHT, escapeInlineScript, page } from "./layout";
import type { OpenApiDocument } from "./reference";

/** Redoc options for the reference page. */
const redocOptions = {
  scrollYOffset: HEADER_HEIGHT,
  expandResponses: "200,201",
  jsonSampleExpandLevel: 3,
  hideHostname: false,
  pathInMiddlePanel: true,
  theme: { sidebar: { width: "260px" } },
};

/**
 * The API reference as one HTML file: Redoc's standalone bundle and the document are inlined,
 * so the page loads nothing from another host.
 */
export function referencePage(document: OpenApiDocument, redocBundle: string): string {
  const spec = JSON.stringify(document).replace(/</g, "\\u003c");
  const options = JSON.stringify(redocOptions);
  return page({
    title: `${document.info.title} ${document.info.version} — API reference`,
    description: `API reference of the ${document.info.title} ${document.info.version}.`,
    current: "reference",
    root: "./",
    css: `body { margin: 0; padding-top: ${HEADER_HEIGHT}px; }`,
    body: `<div id="redoc"></div>
<script>${escapeInlineScript(redocBundle)}</script>
<script>Redoc.init(${spec}, ${options}, document.getElementById("redoc"));</script>`,
  });
}
