import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { operationTable, servers } from "@petstore/contract";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createMemoryStore, startServer, type RunningServer } from "@petstore/server";
import { buildSite } from "../src/site/build";
import { serveStatic, type StaticServer } from "../src/site/serve";
import { describeField, operationFields } from "../src/try-it/fields";
import { ensureChromium, launchChromium } from "../../../test/helpers/chromium.ts";
import { axeViolations, blockOffLoopback, cutOff } from "./helpers/browser";

const DOCS = fileURLToPath(new URL("..", import.meta.url));
const SCREENSHOTS = fileURLToPath(new URL("../screenshots/", import.meta.url));
const KEY = "docs-try-it-key";
const chromium = await ensureChromium();
if ("reason" in chromium) console.warn(`[@petstore/docs] skipping the try-it browser tests: ${chromium.reason}`);

let site: StaticServer;
let server: RunningServer;
let browser: Browser | undefined;
let dir: string;
const start = () => startServer({ port: 0, apiKeys: [KEY], store: createMemoryStore(), logger: false });

beforeAll(async () => {
  const build = await buildSite();
  site = await serveStatic(build.outDir);
  server = await start();
  await mkdir(join(DOCS, ".snippets"), { recursive: true });
  dir = await mkdtemp(join(DOCS, ".snippets", "try-it-"));
  await mkdir(SCREENSHOTS, { recursive: true });
  if ("path" in chromium) browser = await launchChromium(chromium.path);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A page of the reference in a fresh context (a fresh mock), with every request recorded and off-loopback ones blocked. */
async function openReference(options: Parameters<Browser["newContext"]>[0] = {}) {
  const context: BrowserContext = await browser!.newContext({ viewport: { width: 1400, height: 900 }, ...options });
  const requests: string[] = [];
  const offLoopback: string[] = [];
  await blockOffLoopback(context, requests, offLoopback);
  // Requests a service worker answered never reach the network, so route() does not see them: these are listed too.
  const answered: { url: string; status: number; fromServiceWorker: boolean }[] = [];
  const errors: string[] = [];
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("response", (response) => {
    answered.push({ url: response.url(), status: response.status(), fromServiceWorker: response.fromServiceWorker() });
  });
  await page.goto(site.url, { waitUntil: "load" });
  await page.locator("#redoc .api-content").waitFor({ timeout: 30_000 });
  await page
    .locator("section.try-it")
    .nth(operationTable.length - 1)
    .waitFor();
  return { page, context, requests, offLoopback, answered, errors };
}

const panel = (page: Page, operationId: string) => page.locator(`section.try-it[data-operation="${operationId}"]`);

/** Sends the panel's request and waits for its status line; returns the status and the body as JSON. */
async function send(section: Locator): Promise<{ status: number; body: unknown; headers: string[] }> {
  const previous = await section
    .locator(".try-it-status")
    .getAttribute("data-request", { timeout: 1 })
    .catch(() => "");
  await section.getByRole("button", { name: "Send request" }).click();
  const status = section.locator(".try-it-status");
  await expect
    .poll(async () => (await status.count()) > 0 && (await status.getAttribute("data-request")) !== previous)
    .toBe(true);
  return {
    status: Number(await status.getAttribute("data-status")),
    body: JSON.parse(await section.locator(".try-it-body").innerText()),
    headers: await section.locator(".try-it-headers li").allInnerTexts(),
  };
}

const sample = (section: Locator, kind: "curl" | "sdk") => section.locator(`pre[data-sample="${kind}"]`).innerText();

describe.skipIf("reason" in chromium)("Try it, in the page", () => {
  test("every operation of the contract has a panel whose form is built from the contract", async () => {
    const { page, context, errors } = await openReference();
    for (const operation of operationTable) {
      const section = page.locator(`[id$="/operation/${operation.operationId}"]`).locator("section.try-it");
      expect(await section.count(), operation.operationId).toBe(1);
      for (const field of operationFields(operation)) {
        const input = section.getByLabel(field.name, { exact: true });
        expect(await input.count(), `${operation.operationId} ${field.key}`).toBe(1);
        const hint = await input.evaluate(
          (element) => document.getElementById(element.getAttribute("aria-describedby")!)?.textContent,
        );
        expect(hint).toBe(describeField(field));
        if (field.enum) {
          const choices = await input
            .locator("option")
            .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
          expect(choices).toEqual(["", ...field.enum]);
        }
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test("createPet on the in-page mock: 201, the pet listed, samples following the form, nothing leaving the page", async () => {
    const { page, context, offLoopback, answered, requests, errors } = await openReference();
    const create = panel(page, "createPet");
    await create.getByLabel("name", { exact: true }).fill("Bobby");
    await create.getByLabel("categoryId", { exact: true }).fill("7");
    await create.getByLabel("status", { exact: true }).selectOption("sold");
    expect(await sample(create, "curl")).toContain(`-d '{"name":"Bobby","categoryId":7,"status":"sold"}'`);
    expect(await sample(create, "sdk")).toContain(
      'const pet = await petstore.pets.create({ name: "Bobby", categoryId: 7, status: "sold" });',
    );
    const created = await send(create);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: "Bobby", categoryId: 7, status: "sold" });
    expect(created.headers).toContainEqual(expect.stringMatching(/^location: .*\/pets\/\d+$/));
    await create.screenshot({ path: join(SCREENSHOTS, "try-it-create.png") });

    const list = panel(page, "listPets");
    await list.getByLabel("status", { exact: true }).selectOption("");
    await list.getByLabel("limit", { exact: true }).fill("");
    expect(await sample(list, "sdk")).toContain("const pets = await petstore.pets.list();");
    const listed = await send(list);
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual(created.body);

    // getPet's response carries the deprecation headers, and the panel marks them.
    const get = panel(page, "getPet");
    await get.getByLabel("petId", { exact: true }).fill(String((created.body as { id: number }).id));
    const got = await send(get);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);
    const marked = await get.locator(".try-it-headers li.try-it-deprecation").allInnerTexts();
    expect(marked.map((line) => line.split(":")[0]).sort()).toEqual(["deprecation", "link", "sunset"]);
    expect(marked).toContain("sunset: Thu, 05 Dec 2030 00:00:00 GMT");

    // Every API call was answered by the service worker in the page; nothing else was asked of any host.
    const api = answered.filter((r) => r.url.includes("/mock-api/"));
    expect(api.map((r) => [new URL(r.url).pathname, r.status, r.fromServiceWorker])).toEqual([
      ["/mock-api/v1/pets", 201, true],
      ["/mock-api/v1/pets", 200, true],
      [`/mock-api/v1/pets/${(created.body as { id: number }).id}`, 200, true],
    ]);
    expect(requests.filter((url) => url.includes("/mock-api/"))).toEqual([]);
    expect(offLoopback).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test("the panels outlive Redoc's re-render when the colour scheme changes, typed values and responses kept", async () => {
    const { page, context } = await openReference({ colorScheme: "light" });
    const create = panel(page, "createPet");
    await create.getByLabel("name", { exact: true }).fill("Kept");
    expect((await send(create)).status).toBe(201);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe("rgb(15, 23, 42)");
    await expect.poll(() => page.locator("section.try-it").count()).toBe(operationTable.length);
    for (const operation of operationTable) {
      const inside = page.locator(`[id$="/operation/${operation.operationId}"] section.try-it`);
      expect(await inside.count(), operation.operationId).toBe(1);
    }
    expect(await create.getByLabel("name", { exact: true }).inputValue()).toBe("Kept");
    expect(await create.locator(".try-it-status").getAttribute("data-status")).toBe("201");
    expect(await page.getByRole("heading", { name: "Try it: Add an animal" }).count()).toBe(1);
    await context.close();
  }, 120_000);

  test("an invalid limit shows the mock's 400 Error body", async () => {
    const { page, context } = await openReference();
    const list = panel(page, "listPets");
    for (const limit of ["0", "101", "ten"]) {
      await list.getByLabel("limit", { exact: true }).fill(limit);
      const answer = await send(list);
      expect(answer.status, limit).toBe(400);
      expect(answer.body).toEqual({
        code: "invalid_request",
        status: 400,
        message: expect.stringContaining(`limit must be an integer from 1 to 100, got "${limit}"`),
      });
      expect(await list.locator(".try-it-status").innerText()).toMatch(/^400\b/);
    }
    await context.close();
  }, 120_000);

  test("another base URL with a key: the panel calls it, and the SDK sample for the filled-in form runs against it", async () => {
    const { page, context, offLoopback } = await openReference();
    const create = panel(page, "createPet");
    await create.getByLabel("Target", { exact: true }).selectOption("custom");
    await create.getByLabel("Base URL", { exact: true }).fill(server.baseUrl);
    await create.getByLabel("API key", { exact: true }).fill(KEY);
    await create.getByLabel("name", { exact: true }).fill("O'Malley");
    await create.getByLabel("categoryId", { exact: true }).fill("3");
    await create.getByLabel("status", { exact: true }).selectOption("pending");

    // The target is shared: every panel shows it, and their samples name it.
    const list = panel(page, "listPets");
    expect(await list.getByLabel("Target", { exact: true }).inputValue()).toBe("custom");
    expect(await sample(list, "sdk")).toContain(`createPetstoreClient({ baseUrl: "${server.baseUrl}" })`);

    const sdk = await sample(create, "sdk");
    const curl = await sample(create, "curl");
    for (const text of [sdk, curl]) expect(text).not.toContain(KEY);
    const expected = { id: 1, name: "O'Malley", categoryId: 3, status: "pending" };
    const file = join(dir, "createPet.ts");
    await writeFile(file, sdk);
    vi.stubEnv("PETSTORE_API_KEY", KEY);
    const logged: unknown[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((value: unknown) => void logged.push(value));
    try {
      await import(pathToFileURL(file).href);
    } finally {
      log.mockRestore();
      vi.unstubAllEnvs();
    }
    expect(logged).toEqual([expected]);

    const ran = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(
        "bash",
        ["-c", `${curl.trimEnd()} --silent --fail-with-body`],
        { env: { ...process.env, PETSTORE_API_KEY: KEY } },
        (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
      ),
    );
    if (ran.code !== 127) expect([ran.code, JSON.parse(ran.stdout)]).toEqual([0, { ...expected, id: 2 }]);

    // The panel reaches the server itself (CORS), with the key typed; without one, the server's 401.
    const sent = await send(create);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ name: "O'Malley", categoryId: 3, status: "pending" });
    await list.getByLabel("status", { exact: true }).selectOption("pending");
    expect((await send(list)).body).toContainEqual(sent.body);
    await create.getByLabel("API key", { exact: true }).fill("");
    expect((await send(create)).status).toBe(401);

    // The key stayed in memory: not in storage, cookies, the URL or the document's markup.
    await create.getByLabel("API key", { exact: true }).fill(KEY);
    const kept = await page.evaluate(async (key) => {
      const databases = (await indexedDB.databases?.()) ?? [];
      return {
        local: JSON.stringify({ ...localStorage }).includes(key),
        session: JSON.stringify({ ...sessionStorage }).includes(key),
        cookie: document.cookie.includes(key),
        url: location.href.includes(key),
        markup: document.documentElement.outerHTML.includes(key),
        databases: databases.length,
      };
    }, KEY);
    expect(kept).toEqual({ local: false, session: false, cookie: false, url: false, markup: false, databases: 0 });
    expect(offLoopback).toEqual([]);
    await context.close();
  }, 120_000);

  test("where service workers are refused, the panel says the mock cannot start and sends nothing", async () => {
    const { page, context, answered } = await openReference({ serviceWorkers: "block" });
    const list = panel(page, "listPets");
    await list.getByRole("button", { name: "Send request" }).click();
    const error = list.locator(".try-it-error");
    await error.waitFor();
    expect(await error.innerText()).toMatch(/^The in-page mock could not start: .+ choose another target\.$/s);
    expect(answered.filter((r) => r.url.includes("/mock-api/"))).toEqual([]);
    await context.close();
  }, 120_000);

  test("staging and production are offered from the contract's servers, and their samples name them", async () => {
    const { page, context } = await openReference();
    const list = panel(page, "listPets");
    const options = await list.getByLabel("Target", { exact: true }).locator("option").allInnerTexts();
    expect(options).toEqual([
      "In-page mock (no key needed)",
      `Staging: ${servers.staging}`,
      `Production: ${servers.production}`,
      "Another base URL",
    ]);
    await list.getByLabel("Target", { exact: true }).selectOption("staging");
    expect(await sample(list, "sdk")).toContain('createPetstoreClient({ environment: "staging" })');
    expect(await sample(list, "curl")).toContain(`curl '${servers.staging}/pets?limit=10&status=available'`);
    await list.getByLabel("Target", { exact: true }).selectOption("production");
    expect(await sample(list, "curl")).toContain(`curl '${servers.production}/pets?`);
    // A base URL that is not one says so, and sends nothing.
    await list.getByLabel("Target", { exact: true }).selectOption("custom");
    await list.getByLabel("Base URL", { exact: true }).fill("not a url");
    await list.getByRole("button", { name: "Send request" }).click();
    expect(await list.locator(".try-it-error").innerText()).toMatch(/^Enter an absolute http\(s\) base URL/);
    await context.close();
  }, 120_000);
});

describe.skipIf("reason" in chromium)("operation search", () => {
  test("Ctrl+K finds operations by SDK method, operationId, path and summary, and Enter goes there", async () => {
    const { page, context } = await openReference();
    const dialog = page.getByRole("dialog", { name: "Find an operation" });
    const results = () => dialog.locator("#op-search-results a").allInnerTexts();
    await page.keyboard.press("Control+k");
    await dialog.waitFor();
    const input = dialog.getByLabel("Summary, operationId, path or SDK method");
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    for (const [query, summary] of [
      ["pets.list", "List all animals"],
      ["createPet", "Add an animal"],
      ["get /pets/{petId}", "Get an animal"],
      ["add an animal", "Add an animal"],
    ]) {
      await input.fill(query!);
      const found = await results();
      expect(found, query).toHaveLength(1);
      expect(found[0]).toContain(summary);
    }
    await input.fill("pets.get");
    await input.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    const heading = page.locator('[id$="/operation/getPet"] h2').first();
    await expect.poll(() => heading.evaluate((h) => h.getBoundingClientRect().top)).toBeLessThan(200);
    expect(await heading.evaluate((h) => h === document.activeElement)).toBe(true);

    // The top bar's button opens it too; a click on a result goes there.
    await page
      .locator(".site-header")
      .getByRole("button", { name: /Search/ })
      .click();
    await input.fill("pets.create");
    await dialog.locator("#op-search-results a").first().click();
    await expect
      .poll(() =>
        page
          .locator('[id$="/operation/createPet"] h2')
          .first()
          .evaluate((h) => h.getBoundingClientRect().top),
      )
      .toBeLessThan(200);
    // The arrow keys walk the results; Enter on one goes there.
    await page.keyboard.press("Control+k");
    await input.fill("pets");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Add an animal");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    await input.fill("no such thing");
    expect(await dialog.locator("#op-search-results").innerText()).toBe("No operation matches.");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await context.close();
  }, 120_000);
});

/**
 * Text the reader cannot see because another element lies over it: the middle of each line of text in the viewport
 * (below the top bar) must hit the text's own element.
 */
const coveredText = (page: Page, top: number) =>
  page.evaluate((top) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement;
      if (!node.textContent?.trim() || !owner) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        if (r.width === 0 || y < top + 2 || y > window.innerHeight - 2 || x < 0 || x > window.innerWidth) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit !== owner && !owner.contains(hit) && !hit.contains(owner))
          found.push(`"${node.textContent.trim().slice(0, 30)}" under ${hit.tagName.toLowerCase()}.${hit.className}`);
      }
    }
    return found;
  }, top);

describe.skipIf("reason" in chromium)("on a phone", () => {
  test.each(["light", "dark"] as const)(
    "%s: nothing wider than 320–390 px, cut off or covered (the menu button included), and axe finds nothing",
    async (colorScheme) => {
      const { page, context } = await openReference({
        colorScheme,
        viewport: { width: 390, height: 800 },
        isMobile: true,
        hasTouch: true,
      });
      // Panels with a response and the search dialog's styles are part of what must fit.
      const list = panel(page, "listPets");
      await list.getByLabel("limit", { exact: true }).fill("0");
      expect((await send(list)).status).toBe(400);
      const get = panel(page, "getPet");
      expect((await send(get)).status).toBe(404);
      for (const width of [390, 375, 360, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${width} px` })
          .toBe(width);
        expect(await cutOff(page), `${width} px`).toEqual([]);
        // Only the top bar stays on screen over the text: Redoc's floating menu button is replaced by the bar's.
        const fixed = await page.evaluate(() =>
          [...document.querySelectorAll("body *")]
            .filter((e) => getComputedStyle(e).position === "fixed" && e.getBoundingClientRect().width > 0)
            .map((e) => e.className),
        );
        expect(fixed, `${width} px`).toEqual(["site-header"]);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y < height; y += 700) {
          await page.evaluate((y) => window.scrollTo(0, y), y);
          expect(await coveredText(page, 48), `${width} px at ${y}`).toEqual([]);
        }
        const buttons = await page.locator(".site-header button:visible").evaluateAll((all) =>
          all.map((b) => {
            const r = b.getBoundingClientRect();
            return {
              text: (b as HTMLElement).innerText || b.getAttribute("aria-label"),
              inside: r.left >= 0 && r.right <= innerWidth,
            };
          }),
        );
        expect(buttons, `${width} px`).toEqual([
          { text: "Menu", inside: true },
          { text: "Search", inside: true },
        ]);
        if (width === 375) {
          await get.scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(SCREENSHOTS, `try-it-375-${colorScheme}.png`) });
        }
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await axeViolations(page), colorScheme).toEqual([]);

      // The bar's menu button opens Redoc's menu, says so, and closes it again.
      const menu = page.locator(".site-header").getByRole("button", { name: "Menu" });
      await menu.click();
      await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("true");
      await expect
        .poll(() => page.locator("#redoc .menu-content").evaluate((m) => m.getBoundingClientRect().width))
        .toBeGreaterThan(0);
      await menu.click();
      await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");

      await page.keyboard.press("Control+k");
      await page.getByRole("dialog").getByRole("searchbox").fill("pets");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
      expect(await cutOff(page)).toEqual([]);
      expect(await axeViolations(page), `${colorScheme}, search open`).toEqual([]);
      await context.close();
    },
    240_000,
  );

  test("axe finds nothing on the wide page with responses shown, light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const { page, context } = await openReference({ colorScheme });
      expect((await send(panel(page, "createPet"))).status).toBe(201);
      await panel(page, "listPets").getByLabel("Target", { exact: true }).selectOption("custom");
      expect(await axeViolations(page), colorScheme).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
