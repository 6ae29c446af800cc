import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { createPetstoreClient } from "@petstore/client";
import { createMemoryStore, startServer, type RunningServer } from "@petstore/server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureChromium, launchChromium } from "./helpers/chromium";
import { buildAndPreview, type PreviewSite } from "./helpers/site";

const SCREENSHOTS = fileURLToPath(new URL("../screenshots/", import.meta.url));
const API_KEY = "example-web-key";
const chromium = await ensureChromium();
if ("reason" in chromium) console.warn(`[@petstore/example-web] skipping the browser tests: ${chromium.reason}`);

let browser: Browser;

beforeAll(async () => {
  if ("path" in chromium) browser = await launchChromium(chromium.path);
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

/** Opens the app, waits until it has listed the pets, and returns the page and the names listed. */
async function open(site: PreviewSite): Promise<Page> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(site.url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15_000 }).catch(async (error: unknown) => {
    throw new Error(`app did not start: ${await page.textContent("#message")} ${errors.join("; ")}`, { cause: error });
  });
  return page;
}

async function listedNames(page: Page): Promise<string[]> {
  return (await page.locator("#pets li > span:first-child").allTextContents()).map((text) => text.replace(/^#\d+ /, ""));
}

async function addPet(page: Page, name: string, status: string): Promise<void> {
  await page.fill("input[name=name]", name);
  await page.fill("input[name=categoryId]", "3");
  await page.selectOption("select[name=status]", status);
  await page.click("button[type=submit]");
  await page.locator("#pets li", { hasText: name }).waitFor({ timeout: 10_000 });
}

describe.skipIf("reason" in chromium)("in headless Chromium", () => {
  describe("mock mode (MSW service worker)", () => {
    let site: PreviewSite;
    beforeAll(async () => {
      site = await buildAndPreview("mock");
    });
    afterAll(async () => {
      await site?.close();
    });

    test("lists the seeded pets, adds one and lists it, with every API call answered in the browser", async () => {
      const page = await open(site);
      expect(await page.textContent("#mode")).toBe("Mode: mock (MSW service worker)");
      expect(await listedNames(page)).toEqual(["Rex", "Mia"]);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/mockServiceWorker\.js$/);

      await addPet(page, "Biscuit", "available");
      expect(await listedNames(page)).toEqual(["Rex", "Mia", "Biscuit"]);
      expect(await page.textContent("#message")).toMatch(/^Added #\d+ Biscuit\.$/);
      await page.screenshot({ path: `${SCREENSHOTS}web-mock.png`, fullPage: true });
      await page.close();
    });
  });

  describe("server mode (reference server, CORS)", () => {
    let server: RunningServer;
    let site: PreviewSite;
    beforeAll(async () => {
      server = await startServer({ port: 0, apiKeys: [API_KEY], store: createMemoryStore() });
      const petstore = createPetstoreClient({ apiKey: API_KEY, baseUrl: server.baseUrl, maxRetries: 0 });
      await petstore.pets.create({ name: "Luna", categoryId: 1, status: "available" });
      site = await buildAndPreview("server", {
        VITE_PETSTORE_MODE: "server",
        VITE_PETSTORE_BASE_URL: server.baseUrl,
        VITE_PETSTORE_API_KEY: API_KEY,
      });
    });
    afterAll(async () => {
      await site?.close();
      await server?.close();
    });

    test("lists the server's pets, adds one through the browser, and the server stores it", async () => {
      const page = await open(site);
      expect(await page.textContent("#mode")).toBe(`Mode: server (${server.baseUrl})`);
      expect(await listedNames(page)).toEqual(["Luna"]);

      await addPet(page, "Pepper", "pending");
      expect(await listedNames(page)).toEqual(["Luna", "Pepper"]);
      await page.screenshot({ path: `${SCREENSHOTS}web-server.png`, fullPage: true });
      await page.close();

      const petstore = createPetstoreClient({ apiKey: API_KEY, baseUrl: server.baseUrl, maxRetries: 0 });
      expect(await petstore.pets.list({ status: "pending" })).toEqual([
        expect.objectContaining({ name: "Pepper", categoryId: 3, status: "pending" }),
      ]);
    });

    test("shows the API's error when the form holds an invalid pet", async () => {
      const page = await open(site);
      await page.fill("input[name=name]", "   ");
      // Whitespace passes the browser's `required` check; the SDK sends an empty name and the server refuses it.
      await page.click("button[type=submit]");
      await page.locator("#message.error").waitFor({ timeout: 10_000 });
      expect(await page.textContent("#message")).toMatch(/^Could not add : .*\(invalid_request\)$/);
      await page.close();
    });
  });
});
