// The reference page's script beside Redoc: a try-it panel under every operation, operation search (Ctrl+K), and the
// phone menu button in the top bar. Built by esbuild at docs build time; the mock is a chunk loaded on first send.
import type { TryItOperation } from "../fields";
import { searchOperations } from "../search";
import { h } from "./dom";
import { TryItPanel, type PanelContext } from "./panel";

/** What the build embeds in the page as JSON (`#try-it-data`). */
export interface TryItData {
  operations: TryItOperation[];
  servers: { production: string; staging: string };
}

const data = JSON.parse(document.getElementById("try-it-data")!.textContent!) as TryItData;
const root = document.getElementById("redoc")!;
const anchorOf = (operationId: string) =>
  root.querySelector<HTMLElement>(`[id^="tag/"][id$="/operation/${CSS.escape(operationId)}"]`);

let mock: Promise<void> | undefined;
const panels: TryItPanel[] = [];
const context: PanelContext = {
  target: { kind: "mock", customUrl: "", apiKey: "" },
  servers: data.servers,
  // On this origin, under the page: a request the worker missed reaches this site's server, never another host.
  mockBaseUrl: new URL("mock-api/v1", document.baseURI).href,
  startMock() {
    mock ??= import("./mock").then(({ startMock }) => startMock(context.mockBaseUrl));
    // A failed start is retried on the next send rather than remembered.
    mock.catch(() => {
      mock = undefined;
    });
    return mock;
  },
  targetChanged() {
    for (const panel of panels) panel.syncTarget();
  },
};
for (const operation of data.operations) panels.push(new TryItPanel(operation, context));

/** Puts each panel at the end of its operation; Redoc re-renders (a colour-scheme change) and the panels come back. */
function attach(): void {
  data.operations.forEach((operation, index) => {
    const anchor = anchorOf(operation.operationId);
    const panel = panels[index]!.element;
    if (anchor && panel.parentElement !== anchor) anchor.append(panel);
  });
}
new MutationObserver(attach).observe(root, { childList: true, subtree: true });
attach();

// Search: a dialog listing the operations whose summary, operationId, path or SDK method match.
const searchInput = h("input", {
  id: "op-search-input",
  type: "search",
  autocomplete: "off",
  spellcheck: "false",
  "aria-controls": "op-search-results",
  placeholder: "pets.list, createPet, /pets…",
});
const results = h("ul", { id: "op-search-results", "aria-label": "Matching operations" });
const dialog = h(
  "dialog",
  { class: "op-search", "aria-labelledby": "op-search-title" },
  h("h2", { id: "op-search-title" }, "Find an operation"),
  h(
    "form",
    { method: "dialog", role: "search" },
    h("label", { for: "op-search-input" }, "Summary, operationId, path or SDK method"),
    searchInput,
  ),
  results,
  h("p", { class: "op-search-keys" }, "Enter opens the first match; Escape closes."),
);
document.body.append(dialog);

function go(operation: TryItOperation): void {
  dialog.close();
  const anchor = anchorOf(operation.operationId);
  if (!anchor) return;
  history.replaceState(null, "", `#${anchor.id}`);
  anchor.scrollIntoView();
  anchor.querySelector<HTMLElement>(".try-it h3")?.setAttribute("tabindex", "-1");
  anchor.querySelector("h2")?.setAttribute("tabindex", "-1");
  anchor.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
}

function renderResults(): void {
  const found = searchOperations(data.operations, searchInput.value);
  results.replaceChildren(
    ...found.map((operation) => {
      const link = h(
        "a",
        { href: `#${anchorOf(operation.operationId)?.id ?? ""}` },
        h("span", { class: "op-search-summary" }, operation.summary),
        h("span", { class: "op-search-meta" }, `${operation.method} ${operation.path} · ${operation.operationId} · `),
        h("code", {}, operation.sdkMethod),
      );
      link.addEventListener("click", (event) => {
        event.preventDefault();
        go(operation);
      });
      return h("li", {}, link);
    }),
  );
  if (found.length === 0) results.append(h("li", { class: "op-search-none" }, "No operation matches."));
}
searchInput.addEventListener("input", renderResults);
// Arrow keys move between the search field and the results (each result is a link, so Tab reaches them too).
dialog.addEventListener("keydown", (event) => {
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  const items = [searchInput, ...results.querySelectorAll<HTMLElement>("a")];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = items[Math.min(items.length - 1, Math.max(0, at + (event.key === "ArrowDown" ? 1 : -1)))];
  event.preventDefault();
  next?.focus();
});
dialog.querySelector("form")!.addEventListener("submit", (event) => {
  event.preventDefault();
  const first = searchOperations(data.operations, searchInput.value)[0];
  if (first) go(first);
});

function openSearch(): void {
  if (!dialog.open) dialog.showModal();
  searchInput.select();
  renderResults();
}
document.addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
    event.preventDefault();
    if (dialog.open) dialog.close();
    else openSearch();
  }
});
dialog.addEventListener("keydown", (event) => {
  // In a search field Escape first clears the text; here it closes the dialog as a reader expects.
  if (event.key === "Escape") {
    event.preventDefault();
    dialog.close();
  }
});
dialog.addEventListener("click", (event) => {
  // A click on the backdrop lands on the dialog itself.
  if (event.target === dialog) dialog.close();
});
const searchButton = document.querySelector<HTMLButtonElement>(".site-header .search-button");
if (searchButton) {
  searchButton.hidden = false;
  searchButton.addEventListener("click", openSearch);
}

// The phone menu: Redoc's floating button covers body text, so the top bar's button opens Redoc's menu instead.
const menuButton = document.querySelector<HTMLButtonElement>(".site-header .menu-button");
if (menuButton) {
  menuButton.hidden = false;
  document.documentElement.classList.add("try-it-ready");
  const floating = () => root.querySelector<HTMLElement>(".menu-content + div");
  const isOpen = () => {
    const menu = root.querySelector(".menu-content");
    return !!menu && menu.getBoundingClientRect().width > 0 && getComputedStyle(menu).visibility !== "hidden";
  };
  const sync = () => menuButton.setAttribute("aria-expanded", String(isOpen()));
  menuButton.addEventListener("click", () => {
    floating()?.click();
    requestAnimationFrame(sync);
  });
  new MutationObserver(() => requestAnimationFrame(sync)).observe(root, { attributes: true, subtree: true });
  sync();
}
