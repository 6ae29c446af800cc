import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectionError, createPetstoreClient, type PetstoreError } from "../../src/index";
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
    const error = (await petstore.pets.create({ name: "", categoryId: 1 }).catch((e: unknown) => e)) as PetstoreError;
    expect(error.status).toBe(400);
    expect(error.idempotencyKey).toBeUndefined();
    expect(error.message).not.toContain("may exist");
  }, 60_000);
});
