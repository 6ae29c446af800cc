import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPetstoreClient } from "@petstore/client";
import { startPetstoreMockServer, type RunningPetstoreMockServer } from "@petstore/mock/http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findChromium, launchChromium } from "./helpers/chromium";
import { startDevServer, type DevServer } from "./helpers/dev-server";
import { buildAndPreview, type PreviewSite } from "./helpers/site";

const SCREENSHOTS = fileURLToPath(new URL("../screenshots/", import.meta.url));
const API_KEY = "example-web-key";
// Every message msw prints starts with this; no other code in the app contains it.
const MSW_MARKER = "[MSW]";
const chromium = await findChromium();
if ("reason" in chromium) console.warn(`[@petstore/example-web] skipping the browser tests: ${chromium.reason}`);

let browser: Browser;

beforeAll(async () => {
  if ("path" in chromium) browser = await launchChromium(chromium.path);
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

/** An open page of the app, and the page errors, console errors and SDK warnings it has reported so far. */
interface OpenApp {
  page: Page;
  errors: string[];
  /** Console warnings from the SDK (they start with its prefix). */
  sdkWarnings: string[];
}

// The warning a page's first client gives, naming both ways on.
const KEY_WARNING =
  /^\[@petstore\/client\] This page holds an API key that every visitor can read\. .*backend.*proxy.*dangerouslyAllowBrowser: true\b/;

/** Opens the app at `url` and waits until it has listed the pets. */
async function open(url: string): Promise<OpenApp> {
  const page = await browser.newPage();
  const errors: string[] = [];
  const sdkWarnings: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
    if (message.type() === "warning" && message.text().startsWith("[@petstore/client]"))
      sdkWarnings.push(message.text());
  });
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15_000 }).catch(async (error: unknown) => {
    throw new Error(`app did not start: ${await page.textContent("#message")} ${errors.join("; ")}`, { cause: error });
  });
  return { page, errors, sdkWarnings };
}

async function listedNames(page: Page): Promise<string[]> {
  return (await page.locator("#pets li > span:first-child").allTextContents()).map((text) =>
    text.replace(/^#\d+ /, ""),
  );
}

async function addPet(page: Page, name: string, status: string): Promise<void> {
  await page.fill("input[name=name]", name);
  await page.fill("input[name=categoryId]", "3");
  await page.selectOption("select[name=status]", status);
  await page.click("button[type=submit]");
  await page.locator("#pets li", { hasText: name }).waitFor({ timeout: 10_000 });
}

/** The JavaScript files of the build in `outDir` that contain msw's code. */
async function filesWithMsw(outDir: string): Promise<string[]> {
  const files = (await readdir(outDir, { recursive: true })).filter(
    (file) => file.startsWith(`assets${path.sep}`) && file.endsWith(".js"),
  );
  const found: string[] = [];
  for (const file of files)
    if ((await readFile(path.join(outDir, file), "utf8")).includes(MSW_MARKER)) found.push(file);
  return found;
}

/** Mock mode at `url`: the seeded pets are listed, one is added and listed, all answered by MSW's worker. */
async function addOnMockWorker(url: string, screenshot?: string): Promise<void> {
  const { page, errors, sdkWarnings } = await open(url);
  expect(await page.textContent("#mode")).toBe("Mode: mock (MSW service worker)");
  // The mock's key is public and the app says so: no key warning.
  expect(sdkWarnings).toEqual([]);
  expect(await listedNames(page)).toEqual(["Rex", "Mia"]);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/mockServiceWorker\.js$/);

  await addPet(page, "Biscuit", "available");
  expect(await listedNames(page)).toEqual(["Rex", "Mia", "Biscuit"]);
  expect(await page.textContent("#message")).toMatch(/^Added #\d+ Biscuit\.$/);
  expect(errors).toEqual([]);
  if (screenshot) await page.screenshot({ path: `${SCREENSHOTS}${screenshot}`, fullPage: true });
  await page.close();
}

describe.skipIf("reason" in chromium)("in headless Chromium", () => {
  describe("mock mode (MSW service worker)", () => {
    let site: PreviewSite;
    let dev: DevServer;
    beforeAll(async () => {
      site = await buildAndPreview("mock");
      dev = await startDevServer("dev:mock");
    });
    afterAll(async () => {
      await site?.close();
      await dev?.close();
    });

    test("the production build lists the seeded pets, adds one and lists it, with every API call answered in the browser", async () => {
      // The server build's "no msw" check only means something if the same marker is found in this one.
      expect(await filesWithMsw(site.outDir)).not.toEqual([]);
      await addOnMockWorker(site.url, "web-mock.png");
    });

    test("`npm run dev:mock` serves the same app from source", async () => {
      await addOnMockWorker(dev.url);
    });
  });

  describe("server mode (an API on another origin: CORS)", () => {
    let api: RunningPetstoreMockServer;
    let site: PreviewSite;
    let dev: DevServer;
    beforeAll(async () => {
      api = await startPetstoreMockServer({ apiKeys: [API_KEY] });
      const petstore = createPetstoreClient({ apiKey: API_KEY, baseUrl: api.baseUrl, maxRetries: 0 });
      await petstore.pets.create({ name: "Luna", categoryId: 1, status: "available" });
      site = await buildAndPreview("server", {
        VITE_PETSTORE_MODE: "server",
        VITE_PETSTORE_BASE_URL: api.baseUrl,
        VITE_PETSTORE_API_KEY: API_KEY,
      });
      // The mode comes from .env.development; the API's URL and key replace its port-4000 default.
      dev = await startDevServer("dev", { VITE_PETSTORE_BASE_URL: api.baseUrl, VITE_PETSTORE_API_KEY: API_KEY });
    });
    afterAll(async () => {
      await site?.close();
      await dev?.close();
      await api?.close();
    });

    test("the build ships no msw code", async () => {
      expect(await filesWithMsw(site.outDir)).toEqual([]);
    });

    test("lists the API's pets, adds one through the browser, and the API stores it", async () => {
      const { page, errors, sdkWarnings } = await open(site.url);
      expect(await page.textContent("#mode")).toBe(`Mode: server (${api.baseUrl})`);
      expect(await listedNames(page)).toEqual(["Luna"]);
      // A key in a page: the first client warns once that visitors can read it.
      expect(sdkWarnings).toEqual([expect.stringMatching(KEY_WARNING)]);
      // The README shows the warning as the console prints it.
      const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
      expect(readme.split("\n")).toContain(sdkWarnings[0]);

      await addPet(page, "Pepper", "pending");
      expect(await listedNames(page)).toEqual(["Luna", "Pepper"]);
      expect(errors).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}web-server.png`, fullPage: true });
      await page.close();

      const petstore = createPetstoreClient({ apiKey: API_KEY, baseUrl: api.baseUrl, maxRetries: 0 });
      expect(await petstore.pets.list({ status: "pending" })).toEqual([
        expect.objectContaining({ name: "Pepper", categoryId: 3, status: "pending" }),
      ]);
    });

    test("`npm run dev` serves the same app from source, in server mode", async () => {
      const { page, errors } = await open(dev.url);
      expect(await page.textContent("#mode")).toBe(`Mode: server (${api.baseUrl})`);
      expect(await listedNames(page)).toContain("Luna");
      expect(errors).toEqual([]);
      await page.close();
    });

    test("a blank name gets a message in plain words and is never sent", async () => {
      const { page } = await open(site.url);
      const petstore = createPetstoreClient({ apiKey: API_KEY, baseUrl: api.baseUrl, maxRetries: 0 });
      const before = await petstore.pets.list({ limit: 100 });
      // Whitespace passes the browser's `required` check; the app trims it and refuses an empty name itself.
      await page.fill("input[name=name]", "   ");
      await page.click("button[type=submit]");
      await page.locator("#message.error").waitFor({ timeout: 10_000 });
      expect(await page.textContent("#message")).toBe("Enter a name for the pet.");
      expect(await petstore.pets.list({ limit: 100 })).toEqual(before);
      await page.close();
    });

    test("a category number too large to send exactly gets a message in plain words and is never sent", async () => {
      const { page } = await open(site.url);
      const petstore = createPetstoreClient({ apiKey: API_KEY, baseUrl: api.baseUrl, maxRetries: 0 });
      const before = await petstore.pets.list({ limit: 100 });
      // A whole number the browser's own checks accept; the SDK would refuse it with a message for developers.
      await page.fill("input[name=name]", "Luna");
      await page.fill("input[name=categoryId]", "100000000000000000000");
      await page.click("button[type=submit]");
      await page.locator("#message.error").waitFor({ timeout: 10_000 });
      expect(await page.textContent("#message")).toBe("Enter a whole number of 1 or more as the category.");
      expect(await petstore.pets.list({ limit: 100 })).toEqual(before);
      await page.close();
    });

    test("without an API key it says how to set one, and the form is never sent by the browser as a GET", async () => {
      const noKey = await startDevServer("dev", { VITE_PETSTORE_BASE_URL: api.baseUrl, VITE_PETSTORE_API_KEY: "" });
      try {
        const page = await browser.newPage();
        await page.goto(noKey.url);
        await page.waitForSelector("body[data-failed=true]", { timeout: 15_000 });
        const text = await page.textContent("#message");
        expect(text).toBe(
          "Could not start. Server mode needs VITE_PETSTORE_BASE_URL and VITE_PETSTORE_API_KEY: put the key `pnpm start` printed in .env.development.local, then restart.",
        );
        expect(await page.isDisabled("button[type=submit]")).toBe(true);
        await page.fill("input[name=name]", "Rex");
        await page.press("input[name=name]", "Enter");
        await page.evaluate(() => document.querySelector<HTMLFormElement>("#add-pet")?.requestSubmit());
        // A native submission would load `/?name=Rex&categoryId=1&status=available`.
        await page.waitForTimeout(500);
        expect(new URL(page.url()).search).toBe("");
        expect(await page.textContent("#message")).toBe(text);
        await page.close();
      } finally {
        await noKey.close();
      }
    });
  });
});
