// The README's worker module and Playwright helpers, run as written: a page built with Vite starts the mock worker,
// and the helpers switch a scenario in it and read its journal through page.evaluate, in headless Chromium.
import { readFileSync } from "node:fs";
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { build, defaultClientConditions, preview, type PreviewServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureChromium, launchChromium } from "../../../../test/helpers/chromium.ts";
import type { PetstoreHandlers } from "../../src/index";
import { codeBlocks } from "../helpers/markdown";
import { packageDir } from "../helpers/typescript";

const readme = readFileSync(join(packageDir, "README.md"), "utf8");
const snippets = codeBlocks(readme).filter((block) => block.lang === "ts");
const workerModule = snippets.find((block) => block.code.includes('from "msw/browser"'))!.code;
const playwrightHelpers = snippets.find((block) => block.code.includes('from "playwright-core"'))!.code;

const folder = join(packageDir, ".tmp", "browser-worker");
const app = `
import { createPetstoreClient } from "@petstore/client";
import { startMocking } from "./mocking";

await startMocking();
const petstore = createPetstoreClient({ apiKey: "page-key", maxRetries: 0, onDeprecation: false });
const message = document.querySelector("#message")!;
document.querySelector("#reload")!.addEventListener("click", async () => {
  message.textContent = "…";
  try {
    message.textContent = (await petstore.pets.list()).map((pet) => pet.name).join(", ");
  } catch (error) {
    message.textContent = \`Error \${(error as { status?: number }).status}\`;
  }
});
document.querySelector("#add")!.addEventListener("click", async () => {
  const pet = await petstore.pets.create({ name: "Biscuit", categoryId: 3 });
  message.textContent = \`Added #\${pet.id}\`;
});
document.body.dataset.ready = "true";
`;
const html = `<!doctype html><html><body><button id="reload">Reload</button><button id="add">Add</button><p id="message"></p><script type="module" src="./main.ts"></script></body></html>`;

const chromium = await ensureChromium();
if ("reason" in chromium) console.warn(`[@petstore/mock] skipping the Chromium test: ${chromium.reason}`);

let browser: Browser;
let site: PreviewServer;
let helpers: { failListing(page: Page, times?: number): Promise<void>; createdBodies(page: Page): Promise<unknown[]> };

beforeAll(async () => {
  if ("reason" in chromium) return;
  await rm(folder, { recursive: true, force: true });
  await mkdir(join(folder, "public"), { recursive: true });
  await writeFile(join(folder, "mocking.ts"), workerModule);
  await writeFile(join(folder, "playwright-helpers.ts"), playwrightHelpers);
  await writeFile(join(folder, "main.ts"), app);
  await writeFile(join(folder, "index.html"), html);
  const msw = dirname(createRequire(join(packageDir, "package.json")).resolve("msw/package.json"));
  await copyFile(join(msw, "lib", "mockServiceWorker.js"), join(folder, "public", "mockServiceWorker.js"));
  const config = {
    root: folder,
    logLevel: "warn" as const,
    resolve: {
      conditions: ["@petstore/source", ...defaultClientConditions],
      alias: { "@petstore/mock": join(packageDir, "src", "index.ts") },
    },
    build: { outDir: join(folder, "dist"), emptyOutDir: true, target: "es2022" },
  };
  await build(config);
  site = await preview({ ...config, preview: { port: 0, host: "127.0.0.1", strictPort: false } });
  helpers = (await import(join(folder, "playwright-helpers.ts"))) as typeof helpers;
  browser = await launchChromium(chromium.path);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await rm(folder, { recursive: true, force: true });
});

describe.skipIf("reason" in chromium)("Playwright switches scenarios in a page running setupWorker", () => {
  it("the README's helpers fail the page's listing once, then read what the page sent", {
    timeout: 120_000,
  }, async () => {
    const address = site.httpServer.address();
    if (address === null || typeof address === "string") throw new Error("vite preview has no TCP address");
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`http://127.0.0.1:${address.port}/`);
    await page.waitForSelector("body[data-ready=true]", { timeout: 30_000 });
    const reload = async () => {
      await page.click("#reload");
      await page.waitForFunction(() => document.querySelector("#message")?.textContent !== "…");
      return page.textContent("#message");
    };

    expect(await reload()).toBe("Rex");
    await helpers.failListing(page);
    expect(await reload()).toBe("Error 500");
    expect(await reload()).toBe("Rex"); // times: 1 is used up

    await page.click("#add");
    await page.waitForFunction(() => document.querySelector("#message")?.textContent?.startsWith("Added"));
    expect(await helpers.createdBodies(page)).toEqual([{ name: "Biscuit", categoryId: 3 }]);
    const statuses = await page.evaluate(() =>
      (window as unknown as { petstoreMock: { handlers: PetstoreHandlers } }).petstoreMock.handlers.requests
        .of("listPets")
        .map((entry) => entry.status),
    );
    expect(statuses).toEqual([200, 500, 200]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
