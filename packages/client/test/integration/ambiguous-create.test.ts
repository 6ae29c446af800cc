import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectionError, createPetstoreClient, type PetstoreError } from "../../src/index";
import { createPetstoreRawClient } from "../../src/raw";
import { startDropProxy, type DropProxy } from "../helpers/drop-proxy";
import { startReferenceServer, type ReferenceServer } from "../helpers/reference-server";

let server: ReferenceServer;
let proxy: DropProxy;

beforeAll(async () => {
  server = await startReferenceServer();
  proxy = await startDropProxy(server.baseUrl);
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});

describe("a create whose outcome is unknown, against the real reference server", () => {
  it("says the pet may exist and how to find out; doing what the message says creates no second pet", async () => {
    const petstore = createPetstoreClient({
      apiKey: server.apiKey,
      baseUrl: proxy.baseUrl,
      maxRetries: 2,
      sleep: async () => {},
      onDeprecation: false,
    });
    const name = `Ambiguous-${Date.now()}`;
    proxy.dropCreates = 3; // every attempt reaches the server, and every answer is lost
    const error = await petstore.pets.create({ name, categoryId: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    const { idempotencyKey, message } = error as PetstoreError;
    expect(idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(message).toContain("The pet may exist");
    expect(message).toContain(`retry with { idempotencyKey: "${idempotencyKey}" } to avoid a duplicate.`);

    // The server did create it, once, even though three attempts reached it.
    const before = (await petstore.pets.list({ limit: 100 })).filter((pet) => pet.name === name);
    expect(before).toHaveLength(1);

    // What the message says: repeat the call with the key.
    const pet = await petstore.pets.create({ name, categoryId: 1 }, { idempotencyKey });
    expect(pet).toEqual(before[0]);
    const after = (await petstore.pets.list({ limit: 100 })).filter((p) => p.name === name);
    expect(after).toHaveLength(1);
  }, 60_000);

  it("a create refused outright (400) is not called ambiguous", async () => {
    const petstore = createPetstoreClient({ apiKey: server.apiKey, baseUrl: proxy.baseUrl, onDeprecation: false });
    const error = (await petstore.pets
      .create({ name: "Rex", categoryId: 1, status: "lost" as "sold" })
      .catch((e: unknown) => e)) as PetstoreError;
    expect(error.status).toBe(400);
    expect(error.idempotencyKey).toBeUndefined();
    expect(error.message).not.toContain("may exist");
  }, 60_000);
});

describe("@petstore/client/raw's POST is as safe as the typed create, against the real reference server", () => {
  // Records the Idempotency-Key of every attempt that reached the proxy.
  const keysSeen = (fetchLog: string[]) => async (url: string, init: RequestInit) => {
    fetchLog.push((init.headers as Record<string, string>)["idempotency-key"] ?? "none");
    return fetch(url, init);
  };

  it.each([
    ["a key per call", undefined],
    ["the caller's key", "raw-caller-key-1"],
  ])(
    "sends %s, reuses it when the first 201 is lost, and the pet is created once",
    async (_, callerKey) => {
      const sent: string[] = [];
      const raw = createPetstoreRawClient({
        apiKey: server.apiKey,
        baseUrl: proxy.baseUrl,
        fetch: keysSeen(sent),
        sleep: async () => {},
        onDeprecation: false,
        logLevel: "off",
      });
      const name = `Raw-${callerKey ?? "auto"}-${Date.now()}`;
      proxy.dropCreates = 1; // the first attempt is applied, its answer lost
      const { data, response } = await raw.POST("/pets", {
        body: { name, categoryId: 1 },
        ...(callerKey && { headers: { "Idempotency-Key": callerKey } }),
      });
      expect(response.status).toBe(201);
      expect(data).toMatchObject({ name, categoryId: 1 });
      expect(sent).toHaveLength(2);
      expect(sent[0]).toMatch(callerKey ? /^raw-caller-key-1$/ : /^[0-9a-f-]{36}$/);
      expect(sent[1]).toBe(sent[0]);
      const petstore = createPetstoreClient({ apiKey: server.apiKey, baseUrl: server.baseUrl, onDeprecation: false });
      expect((await petstore.pets.list({ limit: 100 })).filter((pet) => pet.name === name)).toHaveLength(1);
    },
    60_000,
  );

  it("two calls get two keys", async () => {
    const sent: string[] = [];
    const raw = createPetstoreRawClient({ apiKey: server.apiKey, baseUrl: server.baseUrl, fetch: keysSeen(sent) });
    for (const name of ["RawA", "RawB"]) await raw.POST("/pets", { body: { name, categoryId: 1 } });
    expect(sent).toHaveLength(2);
    expect(sent[0]).not.toBe(sent[1]);
  }, 60_000);
});
