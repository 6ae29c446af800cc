import { AuthenticationError, ConnectionError, createPetstoreClient, TimeoutError } from "@petstore/client";
import type { Pet } from "@petstore/contract";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPetstoreHandlers, defaultBaseUrls, type PetstoreMockOptions } from "../src/index";
import { createPetstoreRawClient } from "@petstore/client/raw";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const rex: Pet = { id: 7, name: "Rex", categoryId: 1, status: "available" };
const tom: Pet = { id: 3, name: "Tom", categoryId: 2 };

/** The SDK at `baseUrl`, without retries so one answer is one result. */
function client(baseUrl: string, options: { apiKey?: string; timeout?: number } = {}) {
  return createPetstoreClient({
    apiKey: options.apiKey ?? "test-key",
    baseUrl,
    maxRetries: 0,
    onDeprecation: false,
    timeout: options.timeout,
  });
}

describe("defaultBaseUrls", () => {
  it("are the contract's production and staging URLs, each with /v1", () => {
    expect(defaultBaseUrls).toEqual(["https://api.petstore.example/v1", "https://staging.api.petstore.example/v1"]);
  });

  it("cannot be changed through one handler set's baseUrls, so no other set sees the change", () => {
    expect(() => (createPetstoreHandlers().baseUrls as string[]).push("http://leak.test/v1")).toThrow(TypeError);
    expect(createPetstoreHandlers().baseUrls).toEqual(defaultBaseUrls);
  });

  it.each(defaultBaseUrls)("the handlers answer under %s by default", async (baseUrl) => {
    server.use(...createPetstoreHandlers({ pets: [rex] }));
    expect(await client(baseUrl).pets.list()).toEqual([rex]);
  });

  it("the SDK's environments reach the default handlers", async () => {
    server.use(...createPetstoreHandlers({ pets: [rex] }));
    const staging = createPetstoreClient({ apiKey: "k", environment: "staging", maxRetries: 0 });
    const production = createPetstoreClient({ apiKey: "k", maxRetries: 0 });
    expect(await staging.pets.list()).toEqual([rex]);
    expect(await production.pets.list()).toEqual([rex]);
  });
});

describe("pets (seed data)", () => {
  it("starts the store with the seed, in ascending id order, and numbers new pets after the largest id", async () => {
    const handlers = createPetstoreHandlers({ pets: [rex, tom] });
    server.use(...handlers);
    const petstore = client(handlers.baseUrls[0]!);
    expect(await petstore.pets.list()).toEqual([tom, rex]);
    expect(await petstore.pets.create({ name: "Ada", categoryId: 2 })).toEqual({ id: 8, name: "Ada", categoryId: 2 });
  });

  it("starts empty without a seed and numbers the first pet 1", async () => {
    const handlers = createPetstoreHandlers();
    server.use(...handlers);
    const petstore = client(defaultBaseUrls[0]!);
    expect(await petstore.pets.list()).toEqual([]);
    expect((await petstore.pets.create({ name: "Ada", categoryId: 2 })).id).toBe(1);
  });

  it("gives each handler set its own store", async () => {
    const first = createPetstoreHandlers({ baseUrls: ["http://first.test/v1"] });
    const second = createPetstoreHandlers({ baseUrls: ["http://second.test/v1"] });
    server.use(...first, ...second);
    await client("http://first.test/v1").pets.create({ name: "Ada", categoryId: 2 });
    expect(first.store.all()).toHaveLength(1);
    expect(second.store.all()).toEqual([]);
  });

  it("does not change when the caller changes the seed array or its pets afterwards", () => {
    const seed = [{ ...rex }];
    const handlers = createPetstoreHandlers({ pets: seed });
    seed[0]!.name = "Changed";
    seed.push(tom);
    expect(handlers.store.all()).toEqual([rex]);
  });
});

describe("apiKeys", () => {
  it("accepts any non-empty bearer token by default", async () => {
    server.use(...createPetstoreHandlers({ pets: [rex] }));
    expect(await client(defaultBaseUrls[0]!, { apiKey: `anything-${crypto.randomUUID()}` }).pets.list()).toEqual([rex]);
  });

  it("accepts only the listed keys when given, and answers others with the service's 401", async () => {
    server.use(...createPetstoreHandlers({ pets: [rex], apiKeys: ["key-a", "key-b"] }));
    expect(await client(defaultBaseUrls[0]!, { apiKey: "key-b" }).pets.list()).toEqual([rex]);
    const error = await client(defaultBaseUrls[0]!, { apiKey: "key-c" })
      .pets.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: "unauthorized" });
    expect((error as AuthenticationError).headers["www-authenticate"]).toBe('Bearer realm="petstore"');
  });

  it("answers a request without Authorization with 401 even when any key is accepted", async () => {
    server.use(...createPetstoreHandlers());
    const response = await fetch(`${defaultBaseUrls[0]}/pets`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: "unauthorized",
      message: expect.stringContaining("Missing API key"),
      status: 401,
    });
  });
});

describe("baseUrls", () => {
  it("answers only under the given base URLs, with or without a trailing slash", async () => {
    const handlers = createPetstoreHandlers({
      pets: [rex],
      baseUrls: ["http://localhost:3999/v1/", "http://127.0.0.1:4000/api/v2"],
    });
    expect(handlers.baseUrls).toEqual(["http://localhost:3999/v1", "http://127.0.0.1:4000/api/v2"]);
    server.use(...handlers);
    expect(await client("http://localhost:3999/v1").pets.list()).toEqual([rex]);
    expect(await client("http://127.0.0.1:4000/api/v2").pets.list()).toEqual([rex]);
    // The production URL is no longer mocked, so onUnhandledRequest "error" makes the request fail.
    await expect(client(defaultBaseUrls[0]!).pets.list()).rejects.toBeInstanceOf(ConnectionError);
  });

  it("serves a base URL inside another under the longer one", async () => {
    server.use(
      ...createPetstoreHandlers({
        pets: [rex],
        baseUrls: ["http://localhost:3999/v1", "http://localhost:3999/v1/beta"],
      }),
    );
    expect(await client("http://localhost:3999/v1/beta").pets.list()).toEqual([rex]);
    expect(await client("http://localhost:3999/v1").pets.list()).toEqual([rex]);
  });

  it("puts the base path in Location headers", async () => {
    server.use(...createPetstoreHandlers({ baseUrls: ["http://localhost:3999/api/v2"] }));
    const { response } = await createPetstoreRawClient({
      apiKey: "test-key",
      baseUrl: "http://localhost:3999/api/v2",
      maxRetries: 0,
      onDeprecation: false,
    }).POST("/pets", { body: { name: "Ada", categoryId: 1 } });
    expect(response.headers.get("location")).toBe("/api/v2/pets/1");
  });

  it.each<[string, unknown, RegExp]>([
    ["a string instead of an array", "http://localhost:3000/v1", /baseUrls must be a non-empty array/],
    ["an empty array", [], /baseUrls must be a non-empty array/],
    ["a relative URL", ["/v1"], /"\/v1" is not an absolute URL/],
    ["a number", [3000], /3000 is not an absolute URL/],
    ["a non-http scheme", ["ftp://files.test/v1"], /must be an http: or https: URL/],
    ["a query", ["http://localhost:3000/v1?x=1"], /must not have a query or fragment/],
    ["a fragment", ["http://localhost:3000/v1#top"], /must not have a query or fragment/],
  ])("refuses %s with a TypeError that says what to pass", (_case, baseUrls, message) => {
    expect(() => createPetstoreHandlers({ baseUrls } as PetstoreMockOptions)).toThrow(TypeError);
    expect(() => createPetstoreHandlers({ baseUrls } as PetstoreMockOptions)).toThrow(message);
    expect(() => createPetstoreHandlers({ baseUrls } as PetstoreMockOptions)).toThrow(/^\[@petstore\/mock\] /);
  });
});

describe("latency", () => {
  it("delays every response: with latency far above the SDK's timeout the call times out", async () => {
    server.use(...createPetstoreHandlers({ latency: 60_000 }));
    await expect(client(defaultBaseUrls[0]!, { timeout: 20 }).pets.list()).rejects.toBeInstanceOf(TimeoutError);
  });

  it('accepts MSW\'s "infinite" mode', async () => {
    server.use(...createPetstoreHandlers({ latency: "infinite" }));
    await expect(client(defaultBaseUrls[0]!, { timeout: 20 }).pets.list()).rejects.toBeInstanceOf(TimeoutError);
  });

  it.each([0, "real" as const])("answers normally with latency %s", async (latency) => {
    server.use(...createPetstoreHandlers({ pets: [rex], latency }));
    expect(await client(defaultBaseUrls[0]!).pets.list()).toEqual([rex]);
  });

  it.each<[unknown, RegExp]>([
    [-1, /latency must be milliseconds from 0 to 2147483647, got -1/],
    [Number.NaN, /latency must be milliseconds from 0 to 2147483647, got NaN/],
    [2 ** 31, /latency must be milliseconds from 0 to 2147483647/],
    ["slow", /latency must be milliseconds, "real" or "infinite", got "slow"/],
  ])("refuses latency %s", (latency, message) => {
    expect(() => createPetstoreHandlers({ latency } as PetstoreMockOptions)).toThrow(message);
  });
});

describe("bad options", () => {
  it.each<[string, unknown, RegExp]>([
    ["an array of pets instead of { pets }", [rex], /takes an options object such as \{ pets: \[\.\.\.\] \}/],
    ["a misspelt option", { apiKey: "k" }, /unknown option "apiKey": use pets, apiKeys, baseUrls, latency/],
    ["pets that are not an array", { pets: rex }, /the `pets` option must be an array of Pet objects/],
    [
      "a pet the contract forbids",
      { pets: [{ id: 1, name: "", categoryId: 1 }] },
      /pets\[0\] is not a valid Pet: \/name must NOT have fewer than 1 characters/,
    ],
    [
      "a pet with an unknown field",
      { pets: [{ ...rex, owner: "me" }] },
      /pets\[0\] is not a valid Pet: \(root\) must NOT have additional properties/,
    ],
    ["two pets with one id", { pets: [rex, { ...tom, id: 7 }] }, /pets\[1\] repeats id 7/],
    ["apiKeys as a string", { apiKeys: "key" }, /apiKeys must be a non-empty array of non-empty strings/],
    ["an empty API key", { apiKeys: ["key", " "] }, /apiKeys must be a non-empty array of non-empty strings/],
    [
      "an API key with surrounding spaces (the service trims the token, so it could never match)",
      { apiKeys: [" k "] },
      /without surrounding spaces/,
    ],
    ["pets: null", { pets: null }, /the `pets` option must be an array of Pet objects, got null/],
  ])("refuses %s with a clear TypeError", (_case, options, message) => {
    expect(() => createPetstoreHandlers(options as PetstoreMockOptions)).toThrow(TypeError);
    expect(() => createPetstoreHandlers(options as PetstoreMockOptions)).toThrow(message);
  });
});
