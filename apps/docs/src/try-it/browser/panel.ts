import { describeField, type Field, type FieldValues, type TryItOperation } from "../fields";
import { prepareRequest } from "../request";
import { curlSample, sdkSample, type SampleClient } from "../samples";
import { h } from "./dom";

/** Where the panels send requests; shared by every panel and kept in memory only (never storage or the URL). */
interface Target {
  kind: "mock" | "production" | "staging" | "custom";
  customUrl: string;
  apiKey: string;
}

/** What the panels share: the target, the environments, the in-page mock, and each other (to keep targets in step). */
export interface PanelContext {
  target: Target;
  servers: { production: string; staging: string };
  mockBaseUrl: string;
  startMock(): Promise<void>;
  targetChanged(): void;
}

/** Response headers the service uses to announce a deprecation. */
const DEPRECATION_HEADERS = new Set(["deprecation", "sunset", "link"]);

/** The base URL requests go to, or why there is none. */
function baseUrlOf(context: PanelContext): string | Error {
  const { target } = context;
  if (target.kind === "mock") return context.mockBaseUrl;
  if (target.kind !== "custom") return context.servers[target.kind];
  try {
    const url = new URL(target.customUrl.trim());
    if (url.protocol === "http:" || url.protocol === "https:") return url.href.replace(/\/+$/, "");
  } catch {}
  return new Error("Enter an absolute http(s) base URL ending in /v1, such as http://127.0.0.1:3000/v1.");
}

/** The client the SDK sample makes: the environment chosen, or the base URL typed; the mock's samples call production. */
function sampleClient(context: PanelContext): { client: SampleClient; baseUrl: string } {
  const { target, servers } = context;
  if (target.kind === "staging") return { client: { environment: "staging" }, baseUrl: servers.staging };
  const custom = target.kind === "custom" ? baseUrlOf(context) : undefined;
  const baseUrl = typeof custom === "string" ? custom : servers.production;
  return { client: { baseUrl }, baseUrl };
}

/** One operation's try-it panel: the form, the samples following it, and the last response. */
export class TryItPanel {
  readonly element: HTMLElement;
  private readonly values: FieldValues;
  private readonly curl = h("code");
  private readonly sdk = h("code");
  private readonly sampleNote = h("p", { class: "try-it-note" });
  private readonly output = h("div", { class: "try-it-response", role: "status", "aria-live": "polite" });
  private readonly targetSelect: HTMLSelectElement;
  private readonly customUrl: HTMLInputElement;
  private readonly customRow: HTMLElement;
  private readonly apiKey: HTMLInputElement;
  private readonly send: HTMLButtonElement;
  /** How many responses the panel has shown, so a reader (or a test) can tell a new one from the last. */
  private responses = 0;

  constructor(
    private readonly operation: TryItOperation,
    private readonly context: PanelContext,
  ) {
    const id = (suffix: string) => `try-it-${operation.operationId}-${suffix}`;
    this.values = { ...operation.examples };

    this.targetSelect = h(
      "select",
      { id: id("target") },
      h("option", { value: "mock" }, "In-page mock (no key needed)"),
      h("option", { value: "staging" }, `Staging: ${context.servers.staging}`),
      h("option", { value: "production" }, `Production: ${context.servers.production}`),
      h("option", { value: "custom" }, "Another base URL"),
    );
    this.customUrl = h("input", {
      id: id("base-url"),
      type: "url",
      inputmode: "url",
      autocomplete: "off",
      spellcheck: "false",
      placeholder: "http://127.0.0.1:3000/v1",
    });
    this.customRow = h(
      "div",
      { class: "try-it-field" },
      h("label", { for: id("base-url") }, "Base URL"),
      this.customUrl,
    );
    this.apiKey = h("input", {
      id: id("api-key"),
      type: "password",
      autocomplete: "off",
      spellcheck: "false",
      "aria-describedby": id("api-key-hint"),
    });
    this.targetSelect.addEventListener("change", () => {
      context.target.kind = this.targetSelect.value as Target["kind"];
      context.targetChanged();
    });
    this.customUrl.addEventListener("input", () => {
      context.target.customUrl = this.customUrl.value;
      context.targetChanged();
    });
    this.apiKey.addEventListener("input", () => {
      context.target.apiKey = this.apiKey.value;
      context.targetChanged();
    });

    const fields = operation.fields.map((field) => this.fieldRow(field, id(field.key.replace(/\W+/g, "-"))));
    const groups = (["path", "query", "header", "body"] as const)
      .map((place) => ({ place, rows: fields.filter((_, i) => operation.fields[i]!.in === place) }))
      .filter((group) => group.rows.length > 0)
      .map((group) =>
        h(
          "fieldset",
          {},
          h("legend", {}, { path: "Path", query: "Query", header: "Headers", body: "Body (JSON)" }[group.place]),
          ...group.rows,
        ),
      );
    this.send = h("button", { type: "submit", class: "try-it-send" }, "Send request");
    const form = h(
      "form",
      { class: "try-it-form", novalidate: true, "aria-label": `Try ${operation.operationId}` },
      h(
        "fieldset",
        {},
        h("legend", {}, "Send to"),
        h("div", { class: "try-it-field" }, h("label", { for: id("target") }, "Target"), this.targetSelect),
        this.customRow,
        h(
          "div",
          { class: "try-it-field" },
          h("label", { for: id("api-key") }, "API key"),
          this.apiKey,
          h(
            "p",
            { class: "try-it-hint", id: id("api-key-hint") },
            "Kept in this page's memory only: never stored, never in the URL or the samples.",
          ),
        ),
      ),
      ...groups,
      this.send,
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.sendRequest();
    });

    this.element = h(
      "section",
      { class: "try-it", "aria-labelledby": id("title"), "data-operation": operation.operationId },
      h("div", { class: "try-it-main" }, h("h3", { id: id("title") }, `Try it: ${operation.summary}`), form),
      h(
        "div",
        { class: "try-it-side" },
        h("h4", {}, "curl"),
        h("pre", { tabindex: "0", "data-sample": "curl" }, this.curl),
        h("h4", {}, "TypeScript SDK"),
        h("pre", { tabindex: "0", "data-sample": "sdk" }, this.sdk),
        this.sampleNote,
        h("h4", {}, "Response"),
        this.output,
      ),
    );
    this.output.append(h("p", { class: "try-it-note" }, "Send the request to see the status, headers and body here."));
    this.syncTarget();
  }

  private fieldRow(field: Field, inputId: string): HTMLElement {
    const hintId = `${inputId}-hint`;
    const value = this.values[field.key] ?? "";
    const control = field.enum
      ? h(
          "select",
          { id: inputId, "aria-describedby": hintId },
          h("option", { value: "" }, "(not sent)"),
          ...field.enum.map((choice) => h("option", { value: choice, selected: choice === value }, choice)),
        )
      : h("input", {
          id: inputId,
          type: "text",
          value,
          autocomplete: "off",
          spellcheck: "false",
          inputmode: field.type === "integer" ? "numeric" : undefined,
          "aria-describedby": hintId,
        });
    control.addEventListener(field.enum ? "change" : "input", () => {
      this.values[field.key] = control.value;
      this.renderSamples();
    });
    return h(
      "div",
      { class: "try-it-field" },
      h("label", { for: inputId }, field.name),
      control,
      h("p", { class: "try-it-hint", id: hintId }, describeField(field)),
    );
  }

  /** Shows the shared target in this panel's controls and updates the samples. */
  syncTarget(): void {
    const { target } = this.context;
    this.targetSelect.value = target.kind;
    if (this.customUrl.value !== target.customUrl) this.customUrl.value = target.customUrl;
    if (this.apiKey.value !== target.apiKey) this.apiKey.value = target.apiKey;
    this.customRow.hidden = target.kind !== "custom";
    this.renderSamples();
  }

  private renderSamples(): void {
    const { client, baseUrl } = sampleClient(this.context);
    this.curl.textContent = curlSample(prepareRequest(this.operation, this.values, baseUrl));
    this.sdk.textContent = sdkSample(this.operation, this.values, client);
    this.sampleNote.textContent =
      this.context.target.kind === "mock"
        ? "The samples call production; this panel sends to the mock running in the page."
        : "";
    this.sampleNote.hidden = this.context.target.kind !== "mock";
  }

  private async sendRequest(): Promise<void> {
    const base = baseUrlOf(this.context);
    if (base instanceof Error) return this.showError(base.message);
    const request = prepareRequest(this.operation, this.values, base);
    const headers = new Headers(request.headers);
    const { kind, apiKey } = this.context.target;
    // The mock takes any key; a reader without one still gets past its authentication, as with a test key.
    const key = apiKey.trim() || (kind === "mock" ? "try-it" : "");
    if (key) headers.set("Authorization", `Bearer ${key}`);
    this.send.disabled = true;
    this.output.replaceChildren(h("p", { class: "try-it-note" }, "Sending…"));
    try {
      if (kind === "mock") {
        const failed = await this.context.startMock().then(
          () => undefined,
          (error: unknown) => error,
        );
        if (failed !== undefined)
          return this.showError(
            `The in-page mock could not start: ${failed instanceof Error ? failed.message : String(failed)}. ` +
              "It runs in a service worker, which browsers allow only on https: pages and localhost; choose another target.",
          );
      }
      const response = await fetch(request.url, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      await this.showResponse(request.method, request.url, response);
    } catch (error) {
      this.showError(
        `No response from ${request.url}: ${error instanceof Error ? error.message : String(error)}. ` +
          "A server on another origin must allow this page with CORS.",
      );
    } finally {
      this.send.disabled = false;
    }
  }

  private async showResponse(method: string, url: string, response: Response): Promise<void> {
    const text = await response.text();
    let body = text;
    try {
      body = JSON.stringify(JSON.parse(text), null, 2);
    } catch {}
    const headers = [...response.headers].map(([name, value]) =>
      h(
        "li",
        DEPRECATION_HEADERS.has(name) ? { class: "try-it-deprecation" } : {},
        h("span", { class: "try-it-header-name" }, `${name}: `),
        value,
      ),
    );
    this.output.replaceChildren(
      h(
        "p",
        {
          class: `try-it-status try-it-status-${String(response.status)[0]}xx`,
          "data-status": String(response.status),
          "data-request": String(++this.responses),
        },
        `${response.status} ${response.statusText}`.trim(),
      ),
      h("p", { class: "try-it-note" }, `${method} ${url}`),
      h("ul", { class: "try-it-headers", "aria-label": "Response headers" }, ...headers),
      h(
        "pre",
        { tabindex: "0", class: "try-it-body", "aria-label": "Response body" },
        h("code", {}, body || "(empty)"),
      ),
    );
  }

  private showError(message: string): void {
    this.output.replaceChildren(h("p", { class: "try-it-error" }, message));
  }
}
