import { startPetstoreMockServer, type RunningPetstoreMockServer } from "@petstore/mock/http";
import { afterAll, beforeAll, expect, test } from "vitest";
import { npmStart, type StartedApp } from "./helpers/start";

const API_KEY = "example-node-main-key";
let api: RunningPetstoreMockServer;
let app: StartedApp | undefined;

beforeAll(async () => {
  api = await startPetstoreMockServer({
    apiKeys: [API_KEY],
    pets: [
      { id: 1, name: "Rex", categoryId: 1, status: "available" },
      { id: 2, name: "Tom", categoryId: 1, status: "sold" },
    ],
  });
});

afterAll(async () => {
  await app?.stop();
  await api?.close();
});

test("`npm start` (src/main.ts) serves GET /available-pets from the API at PETSTORE_BASE_URL", async () => {
  app = npmStart({ PORT: "0", PETSTORE_API_KEY: API_KEY, PETSTORE_BASE_URL: api.baseUrl });
  const [, url] = await app.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/available-pets)/);
  expect(await (await fetch(url ?? "")).json()).toEqual({ count: 1, pets: [{ id: 1, name: "Rex" }] });
  // The SDK read the key from PETSTORE_API_KEY and sent it.
  expect(api.handlers.requests.of("listPets").at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);
});
