import { createRequire } from "node:module";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { operationTable } from "@petstore/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { buildSite, type BuildResult } from "../src/site/build";
import type { OpenApiDocument } from "../src/site/reference";
import { serveStatic, type StaticServer } from "../src/site/serve";
import { tryItOperations } from "../src/try-it/operations";
import { ensureChromium, launchChromium } from "../../../test/helpers/chromium.ts";
import { axeViolations, blockOffLoopback, cutOff } from "./helpers/browser";

const SCREENSHOTS = fileURLToPath(new URL("../screenshots/", import.meta.url));
const chromium = await ensureChromium();
// Every operation of the contract with its summary, in document order: what the reference must show.
const documented = tryItOperations(
  parse(
    await readFile(createRequire(import.meta.url).resolve("@petstore/contract/openapi.yaml"), "utf8"),
  ) as OpenApiDocument,
);
if ("reason" in chromium) console.warn(`[@petstore/docs] skipping the browser tests: ${chromium.reason}`);

let build: BuildResult;
let site: StaticServer;
let browser: Browser | undefined;
let context: BrowserContext;
/** Every request the pages made, and those that were not to loopback (aborted, so nothing leaves the machine). */
const requests: string[] = [];
const offLoopback: string[] = [];
/** Requests that failed or answered an error status, and console errors: with nothing fetched from other hosts, none may occur. */
const failures: string[] = [];

beforeAll(async () => {
  build = await buildSite();
  site = await serveStatic(build.outDir);
  await mkdir(SCREENSHOTS, { recursive: true });
  if ("path" in chromium) {
    browser = await launchChromium(chromium.path);
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await blockOffLoopback(context, requests, offLoopback);
  }
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("the built site", () => {
  test("holds the reference, the guide and the contract", async () => {
    expect(build.files).toEqual([
      "index.html",
      "guide/index.html",
      "assets/try-it.js",
      expect.stringMatching(/^assets\/try-it-mock-\w+\.js$/),
      expect.stringMatching(/^assets\/try-it-chunk-\w+\.js$/),
      "mockServiceWorker.js",
      "openapi.yaml",
    ]);
    // The panels' entry stays small: msw and the mock are a chunk of their own, loaded on the first send.
    const entry = await readFile(join(build.outDir, "assets/try-it.js"));
    expect(gzipSync(entry).byteLength).toBeLessThan(8 * 1024);
    expect(entry.toString()).toMatch(/import\("\.\/try-it-mock-\w+\.js"\)/);
    expect(entry.toString()).not.toContain("mockServiceWorker");
    // The worker script is msw's own, so its version matches the msw bundled into the mock chunk.
    const worker = createRequire(import.meta.url).resolve("msw/mockServiceWorker.js");
    expect(await readFile(join(build.outDir, "mockServiceWorker.js"), "utf8")).toBe(await readFile(worker, "utf8"));
    const contract = await readFile(createRequire(import.meta.url).resolve("@petstore/contract/openapi.yaml"), "utf8");
    expect(await readFile(join(build.outDir, "openapi.yaml"), "utf8")).toBe(contract);
  });

  test("serves every page over loopback HTTP", async () => {
    for (const path of ["", "guide/", "guide", "openapi.yaml", "assets/try-it.js", "mockServiceWorker.js"]) {
      const response = await fetch(new URL(path, site.url));
      expect(response.status, path).toBe(200);
    }
    expect((await fetch(new URL("../../etc/passwd", site.url))).status).toBe(404);
    expect((await fetch(new URL("%2e%2e/package.json", site.url))).status).toBe(404);
  });
});

async function openPage(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("requestfailed", (request) => failures.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on(
    "response",
    (response) => void (response.status() >= 400 && failures.push(`${response.url()}: HTTP ${response.status()}`)),
  );
  page.on("console", (message) => void (message.type() === "error" && failures.push(`console: ${message.text()}`)));
  await page.goto(new URL(path, site.url).href, { waitUntil: "load" });
  return { page, errors };
}

/** Images that did not load: a blocked or missing one has no natural width. */
const brokenImages = (page: Page) =>
  page.evaluate(() =>
    [...document.images]
      .filter((image) => !image.complete || image.naturalWidth === 0)
      .map((image) => image.src.slice(0, 80)),
  );

describe.skipIf("reason" in chromium)("in headless Chromium", () => {
  test("the guard blocks and reports a request to another host, as a CDN asset would make", async () => {
    const guard = await browser!.newContext();
    const blocked: string[] = [];
    await blockOffLoopback(guard, [], blocked);
    const page = await guard.newPage();
    const failed = page.waitForEvent("requestfailed");
    await page.setContent('<img src="https://cdn.redoc.ly/redoc/logo-mini.svg">');
    expect((await failed).failure()?.errorText).toMatch(/^net::ERR_BLOCKED_BY_CLIENT/);
    expect(blocked).toEqual(["https://cdn.redoc.ly/redoc/logo-mini.svg"]);
    expect(await brokenImages(page)).toEqual(["https://cdn.redoc.ly/redoc/logo-mini.svg"]);
    await guard.close();
  });

  test("the reference shows every operation, getPet's deprecation, auth, the Error model and both environments", async () => {
    const { page, errors } = await openPage("");
    const api = page.locator("#redoc .api-content");
    await api.waitFor({ timeout: 20_000 });

    const operations = await api.locator("[id^='tag/animals/operation/'] h2").allInnerTexts();
    expect(operations.map((text) => text.replace(/\s+/g, " "))).toEqual(
      documented.map((op) => `${op.summary}${op.deprecation ? " Deprecated" : ""}`),
    );
    const getPet = page.locator('[id="tag/animals/operation/getPet"]');
    await expect.poll(() => getPet.getByText("Deprecated", { exact: true }).first().isVisible()).toBe(true);
    expect(await getPet.innerText()).toContain("removed on 2030-12-05");
    expect(await getPet.innerText()).toContain("Use GET /pets with a status filter instead");

    const intro = await page.locator('[id="section/Deprecations"]').locator("xpath=..").innerText();
    expect(intro).toMatch(/GET \/pets\/\{petId\}.*getPet.*2025-12-05.*2030-12-05.*GET \/pets\?status=…/s);

    const environments = await page.locator('[id="section/Environments"]').locator("xpath=..").innerText();
    expect(environments).toContain("https://api.petstore.example/v1");
    expect(environments).toContain("https://staging.api.petstore.example/v1");

    const auth = await page.locator('[id="section/Authentication"]').locator("xpath=..").innerText();
    expect(auth).toContain("bearerAuth");
    expect(auth).toMatch(/HTTP Authorization Scheme:?\s*bearer/i);

    const errorModel = await page.locator('[id="section/Errors"]').locator("xpath=..").innerText();
    for (const field of ["code", "message", "status"]) expect(errorModel).toMatch(new RegExp(`^${field}\\b`, "m"));
    expect(errorModel).toContain("required");

    const guideLink = page.locator('#redoc a[href="guide/"]');
    expect(await guideLink.count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    expect(await brokenImages(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, "reference.png") });
    await getPet
      .locator("h2")
      .first()
      .evaluate((heading) => {
        heading.scrollIntoView();
        window.scrollBy(0, -60);
      });
    await page.screenshot({ path: join(SCREENSHOTS, "reference-getpet.png") });
    await page.close();
  });

  test("the SDK guide is a linked page with every task", async () => {
    const { page, errors } = await openPage("");
    await page.locator(".site-header").getByRole("link", { name: "SDK guide", exact: true }).click();
    await page.waitForURL(/\/guide\/$/);
    const headings = await page.locator("main h2").allInnerTexts();
    expect(headings).toEqual([
      "Install",
      "Authenticate",
      "Environments",
      "Options",
      "Errors",
      "Retries",
      "Deprecations",
      "Testing with mocks",
    ]);
    expect(await page.locator("nav li").count()).toBe(headings.length);
    const text = await page.locator("main").innerText();
    expect(text).toContain("createPetstoreClient");
    expect(text).toContain("removed on 2030-12-05");
    expect(text).toContain("createPetstoreHandlers");
    expect(errors).toEqual([]);
    expect(await brokenImages(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, "guide.png") });
    await page.close();
  });

  test("no request left loopback and nothing failed to load", () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(offLoopback).toEqual([]);
    expect(failures).toEqual([]);
  });
});

/** Opens `path` in a fresh context with these settings; the Redoc page is returned once Redoc has rendered. */
async function openIn(
  path: string,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<{ page: Page; close(): Promise<void> }> {
  const own = await browser!.newContext(options);
  await blockOffLoopback(own, requests, offLoopback);
  const page = await own.newPage();
  await page.goto(new URL(path, site.url).href, { waitUntil: "load" });
  if (path === "" && options.javaScriptEnabled !== false)
    await page.locator("#redoc .api-content").waitFor({ timeout: 30_000 });
  return { page, close: () => own.close() };
}

/** The top bar's links, each with whether the whole of it is on screen (the bar must not hide one off its edge). */
const headerLinks = (page: Page) =>
  page.locator(".site-header a").evaluateAll((links) =>
    links.map((link) => {
      const r = link.getBoundingClientRect();
      return {
        text: (link as HTMLElement).innerText,
        inside: r.width > 0 && r.left >= 0 && r.right <= document.documentElement.clientWidth,
      };
    }),
  );

describe.skipIf("reason" in chromium)("accessible, phone-sized, dark-aware, and readable without JavaScript", () => {
  test.each(["light", "dark"] as const)(
    "axe-core finds no violations on either page in %s mode",
    async (colorScheme) => {
      for (const path of ["", "guide/"]) {
        const { page, close } = await openIn(path, { colorScheme, viewport: { width: 1280, height: 900 } });
        expect(await axeViolations(page), `${path || "reference"} (${colorScheme})`).toEqual([]);
        expect(await page.locator("main").count()).toBe(1);
        expect(await page.locator('nav[aria-label="Site"]').count()).toBe(1);
        await close();
      }
    },
    120_000,
  );

  test("dark mode follows the OS, and switches when it changes", async () => {
    const { page, close } = await openIn("", { colorScheme: "dark", viewport: { width: 1280, height: 900 } });
    const colours = () =>
      page.evaluate(() => ({
        body: getComputedStyle(document.body).backgroundColor,
        menu: getComputedStyle(document.querySelector(".menu-content")!).backgroundColor,
        text: getComputedStyle(document.querySelector(".api-content h2")!).color,
      }));
    expect(await colours()).toEqual({ body: "rgb(15, 23, 42)", menu: "rgb(17, 24, 39)", text: "rgb(229, 231, 235)" });
    // Redoc draws some chevrons with SVG's default black fill, invisible on the dark background.
    const blackIcons = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll("#redoc svg polygon")].filter(
            (p) => getComputedStyle(p).fill === "rgb(0, 0, 0)",
          ).length,
      );
    expect(await blackIcons()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, "reference-dark.png") });
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(colours).toMatchObject({ body: "rgb(255, 255, 255)", menu: "rgb(250, 250, 250)" });
    expect(await blackIcons()).toBeGreaterThan(0);
    await close();
    const guide = await openIn("guide/", { colorScheme: "dark" });
    expect(await guide.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(15, 23, 42)");
    await guide.page.screenshot({ path: join(SCREENSHOTS, "guide-dark.png") });
    await guide.close();
  }, 120_000);

  test("no page is wider than a 320, 360 or 390 px phone, and nothing on it is cut off", async () => {
    for (const path of ["", "guide/"]) {
      const { page, close } = await openIn(path, {
        viewport: { width: 390, height: 800 },
        isMobile: true,
        hasTouch: true,
      });
      for (const width of [390, 360, 320]) {
        await page.setViewportSize({ width, height: 800 });
        const widths = () =>
          page.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            client: document.documentElement.clientWidth,
          }));
        await expect
          .poll(widths, { message: `${path || "reference"} at ${width} px` })
          .toEqual({ scroll: width, client: width });
        expect(await cutOff(page), `${path || "reference"} at ${width} px`).toEqual([]);
        // A phone shows the short names, which the full ones start or end with.
        expect(await headerLinks(page), `${path || "reference"} at ${width} px`).toEqual([
          { text: width <= 480 ? "Reference" : "API reference", inside: true },
          { text: width <= 480 ? "Guide" : "SDK guide", inside: true },
          { text: width <= 480 ? "YAML" : "openapi.yaml", inside: true },
        ]);
        if (path === "guide/") {
          // The guide's tables fit without scrolling, and the names in their first column are not split mid-word.
          const tables = await page
            .locator("main table")
            .evaluateAll((all) =>
              all.filter((t) => t.scrollWidth > t.clientWidth).map((t) => (t.textContent ?? "").slice(0, 30)),
            );
          expect(tables, `guide tables wider than ${width} px`).toEqual([]);
          const split = await page
            .locator("main td:first-child code")
            .evaluateAll((all) =>
              all
                .filter((c) => !/\s/.test(c.textContent ?? "") && c.getClientRects().length > 1)
                .map((c) => c.textContent),
            );
          expect(split, `guide names split at ${width} px`).toEqual([]);
        }
        if (width === 390)
          await page.screenshot({ path: join(SCREENSHOTS, `${path ? "guide" : "reference"}-390.png`) });
      }
      await close();
    }
  }, 120_000);

  test("without JavaScript the reference still lists every operation with its code samples", async () => {
    const { page, close } = await openIn("", { javaScriptEnabled: false });
    const operations = await page.locator(".fallback h2").allInnerTexts();
    expect(operations).toEqual(
      documented.map((op) => `${op.method} ${op.path}: ${op.summary}${op.deprecation ? " Deprecated" : ""}`),
    );
    const text = await page.locator("main").innerText();
    // Said once, by the operation's description, not again by a notice of the fallback's own.
    expect(await page.locator("#fallback-getPet p").filter({ hasText: "removed on 2030-12-05" }).count()).toBe(1);
    expect(text).toContain("curl 'https://api.petstore.example/v1/pets?limit=10&status=available'");
    expect(text).toContain('await petstore.pets.create({ name: "Rex", categoryId: 1, status: "available" });');
    // Each operation says its try-it panel needs JavaScript, and no script-only button shows.
    const needsJs = await page.locator(".fallback .needs-js").allInnerTexts();
    expect(needsJs).toHaveLength(operationTable.length);
    for (const note of needsJs) expect(note).toMatch(/^Try it needs JavaScript/);
    expect(await page.locator(".site-header button:visible").count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, "reference-no-js.png") });
    await close();
    // axe needs JavaScript, so it checks the same page as a browser without JavaScript renders it: noscript unwrapped, no scripts.
    const html = await readFile(join(build.outDir, "index.html"), "utf8");
    const { page: rendered, close: closeRendered } = await openIn("guide/");
    await rendered.setContent(html.replace(/<\/?noscript>/g, "").replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ""));
    expect(await rendered.locator(".fallback h2").count()).toBe(operationTable.length);
    expect(await axeViolations(rendered)).toEqual([]);
    await closeRendered();
  }, 120_000);

  test("every operation shows a curl and a TypeScript SDK sample", async () => {
    const { page, close } = await openIn("");
    for (const { operationId: id } of operationTable) {
      const operation = page.locator(`[id="tag/animals/operation/${id}"]`);
      expect(await operation.getByRole("tab").allInnerTexts(), id).toEqual(
        expect.arrayContaining(["curl", "TypeScript SDK"]),
      );
      await operation.getByRole("tab", { name: "TypeScript SDK" }).click();
      await expect
        .poll(() => operation.getByRole("tabpanel").filter({ hasText: "createPetstoreClient" }).count())
        .toBeGreaterThan(0);
    }
    await close();
  }, 120_000);

  test("the reference's search finds the SDK guide and links to it", async () => {
    const { page, close } = await openIn("");
    await page.getByPlaceholder("Search...").fill("mocks");
    const result = page.locator('[data-role="search:results"] li[data-item-id="section/SDK-guide/Testing-with-mocks"]');
    await result.waitFor({ timeout: 10_000 });
    await result.click();
    const section = page.locator('[id="section/SDK-guide/Testing-with-mocks"]').locator("xpath=..");
    await expect.poll(() => section.locator('a[href="guide/#testing-with-mocks"]').count()).toBe(1);
    await close();
  }, 120_000);

  test("these pages, too, asked nothing of another host", () => {
    expect(offLoopback).toEqual([]);
  });
});
