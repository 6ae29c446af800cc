import { createPetstoreClient } from "@petstore/client";
import { startPetstoreMockServer, type RunningPetstoreMockServer } from "@petstore/mock/http";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startApp, type RunningApp } from "../src/app";

const API_KEY = "example-node-key";
let api: RunningPetstoreMockServer;
let app: RunningApp;

beforeAll(async () => {
  api = await startPetstoreMockServer({ apiKeys: [API_KEY] });
  const petstore = createPetstoreClient({ apiKey: API_KEY, baseUrl: api.baseUrl, maxRetries: 0 });
  for (const pet of [
    { name: "Rex", categoryId: 1, status: "available" },
    { name: "Ada", categoryId: 2, status: "available" },
    { name: "Tom", categoryId: 1, status: "sold" },
  ] as const) {
    await petstore.pets.create(pet);
  }
  app = await startApp(petstore);
});

afterAll(async () => {
  await app?.close();
  await api?.close();
});

test("GET /available-pets lists the available pets of an API reached over HTTP, by name", async () => {
  const response = await fetch(`${app.url}/available-pets`);
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body).toEqual({
    count: 2,
    pets: [expect.objectContaining({ name: "Ada" }), expect.objectContaining({ name: "Rex" })],
  });
});

test("a wrong API key upstream becomes a 502 that names the upstream error and leaks no key", async () => {
  const wrong = createPetstoreClient({ apiKey: "not-a-valid-key", baseUrl: api.baseUrl, maxRetries: 0 });
  const other = await startApp(wrong);
  try {
    const response = await fetch(`${other.url}/available-pets`);
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ code: "unauthorized" });
    expect(text).not.toContain("not-a-valid-key");
  } finally {
    await other.close();
  }
});
