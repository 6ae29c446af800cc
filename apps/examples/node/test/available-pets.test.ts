import { createPetstoreClient } from "@petstore/client";
import { createPetstoreHandlers, petstoreMock } from "@petstore/mock";
import { setupServer, type SetupServerApi } from "msw/node";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { startApp, type RunningApp } from "../src/app";

const pets = [
  { id: 1, name: "Rex", categoryId: 1, status: "available" as const },
  { id: 2, name: "Ada", categoryId: 2, status: "available" as const },
  { id: 3, name: "Tom", categoryId: 1, status: "sold" as const },
];
let app: RunningApp;
let server: SetupServerApi;

beforeAll(async () => {
  server = setupServer(...createPetstoreHandlers({ pets }));
  // Requests to the app itself go through for real; any other request the mock does not know fails the test.
  server.listen({
    onUnhandledRequest(request, print) {
      if (!request.url.startsWith(`${app.url}/`)) print.error();
    },
  });
  // The mock answers the staging URL inside this process; maxRetries 0 makes one upstream failure visible.
  const petstore = createPetstoreClient({ apiKey: "test-key", environment: "staging", maxRetries: 0 });
  app = await startApp(petstore);
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await app.close();
});

test("GET /available-pets lists the available pets by name", async () => {
  const response = await fetch(`${app.url}/available-pets`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    count: 2,
    pets: [
      { id: 2, name: "Ada" },
      { id: 1, name: "Rex" },
    ],
  });
});

test("limit is passed to the API, which returns the first pets by id", async () => {
  const response = await fetch(`${app.url}/available-pets?limit=1`);
  expect(await response.json()).toEqual({ count: 1, pets: [{ id: 1, name: "Rex" }] });
});

test.each(["0", "101", "2.5", "ten"])("limit=%s is refused with a 400 before calling the API", async (limit) => {
  const response = await fetch(`${app.url}/available-pets?limit=${limit}`);
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: "limit must be an integer from 1 to 100" });
});

test("an API outage becomes a 502 that names the upstream error", async () => {
  server.use(petstoreMock.scenario.serverError("listPets", { times: 1 }));
  const response = await fetch(`${app.url}/available-pets`);
  expect(response.status).toBe(502);
  expect(await response.json()).toMatchObject({ code: "internal_error" });
});

test("unknown paths and methods get 404 and 405", async () => {
  expect((await fetch(`${app.url}/pets`)).status).toBe(404);
  expect((await fetch(`${app.url}/available-pets`, { method: "POST" })).status).toBe(405);
});
