import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectPetstoreMock, type RemotePetstoreMock } from "@petstore/mock/http";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startMockCli, type MockCli } from "./helpers/mock-cli";
import { npmStart, type StartedApp } from "./helpers/start";

// The app runs as its own process (`npm start`) against the mock's bin (`petstore-mock serve`), another process;
// headless Chromium browses the app, and the test switches the mock's scenarios over its control API.
const API_KEY = "example-node-playwright-key";
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
let folder: string;
let api: MockCli;
let mock: RemotePetstoreMock;
let app: StartedApp;
let appUrl: string;
let browser: Browser;
let page: Page;

// Without a Chromium the browser tests are skipped, and say why.
const hasChromium = existsSync(CHROMIUM);

beforeAll(async () => {
  if (!hasChromium) return;
  folder = await mkdtemp(join(tmpdir(), "example-node-playwright-"));
  const pets = [
    { id: 1, name: "Rex", categoryId: 1, status: "available" },
    { id: 2, name: "Ada", categoryId: 2, status: "available" },
    { id: 3, name: "Tom", categoryId: 1, status: "sold" },
  ];
  await writeFile(join(folder, "pets.json"), JSON.stringify(pets));
  api = await startMockCli(["--pets", "pets.json", "--api-key", API_KEY], folder);
  mock = connectPetstoreMock(api.baseUrl);
  app = npmStart({ PORT: "0", PETSTORE_API_KEY: API_KEY, PETSTORE_BASE_URL: api.baseUrl });
  [, appUrl = ""] = await app.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\/available-pets/);
  // No sandbox (CI runs as root), no GPU, no background traffic off loopback.
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  page = await browser.newPage();
});

beforeEach(async () => {
  if (hasChromium) await mock.reset();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await api?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** What the app answers the browser for `GET /available-pets`. */
async function browse(): Promise<{ status: number; body: unknown }> {
  const response = await page.goto(`${appUrl}/available-pets`);
  return { status: response?.status() ?? 0, body: JSON.parse((await page.textContent("body")) ?? "null") };
}

describe.skipIf(!hasChromium)(
  `the app in Chromium (${CHROMIUM}), against petstore-mock serve, scenarios switched from the test`,
  () => {
    test("lists the seeded available pets, by name", async () => {
      expect(await browse()).toEqual({
        status: 200,
        body: {
          count: 2,
          pets: [
            { id: 2, name: "Ada" },
            { id: 1, name: "Rex" },
          ],
        },
      });
      const [listed] = await mock.requests.of("listPets");
      expect(listed?.query).toEqual({ status: "available", limit: "100" });
      expect(listed?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    });

    test("an outage of the API shows as the app's 502 while it lasts, then the pets again", async () => {
      // The SDK retries twice: three 500s exhaust one page load.
      await mock.use(mock.scenario.serverError("listPets", { times: 3 }));
      const failed = await browse();
      expect(failed.status).toBe(502);
      expect(failed.body).toMatchObject({ code: "internal_error", requestId: expect.stringMatching(/^req_/) });
      expect((await browse()).status).toBe(200);
      expect((await mock.requests.of("listPets")).map((entry) => entry.status)).toEqual([500, 500, 500, 200]);
    });

    test("an override decides what the app shows; resetHandlers ends it", async () => {
      const kit = { id: 9, name: "Kit", categoryId: 3, status: "available" } as const;
      await mock.use(mock.override("listPets", { status: 200, body: [kit] }));
      expect((await browse()).body).toEqual({ count: 1, pets: [{ id: 9, name: "Kit" }] });
      await mock.resetHandlers();
      expect((await browse()).body).toMatchObject({ count: 2 });
    });
  },
);
