import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createPetstoreClient,
  TimeoutError,
  VERSION,
  type CommonClientOptions,
  type PetstoreClientOptions,
} from "../src/index";
import { fakeFetch, jsonResponse, PET } from "./helpers/fake-fetch";

const base = (fetch: PetstoreClientOptions["fetch"], extra: CommonClientOptions = {}) =>
  createPetstoreClient({
    apiKey: "k",
    baseUrl: "http://127.0.0.1:1/v1",
    fetch,
    onDeprecation: false,
    sleep: async () => {},
    ...extra,
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("response metadata", () => {
  it("withResponse() gives the data with the Response, status, headers and request id", async () => {
    const { fetch } = fakeFetch(jsonResponse(200, [PET], { "x-request-id": "req_7", "x-ratelimit-remaining": "9" }));
    const petstore = base(fetch);
    const { data, response, status, headers, requestId } = await petstore.pets.list().withResponse();
    expect(data).toEqual([PET]);
    expect(response).toBeInstanceOf(Response);
    expect(status).toBe(200);
    expect(headers.get("x-ratelimit-remaining")).toBe("9");
    expect(requestId).toBe("req_7");
    await expect(petstore.pets.list()).resolves.toEqual([PET]);
  });

  it("withResponse() rejects like the call, and a call used only through it leaves no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", record);
    try {
      const { fetch } = fakeFetch(jsonResponse(404, { code: "not_found", message: "no", status: 404 }));
      await expect(base(fetch).pets.get(9).withResponse()).rejects.toMatchObject({ name: "NotFoundError" });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", record);
    }
  });
});

describe("withOptions", () => {
  it("returns a client with merged options and headers; the original is unchanged", async () => {
    const { fetch, requests } = fakeFetch(jsonResponse(200, []));
    const petstore = base(fetch, { headers: { "x-team": "a", "x-keep": "1" } });
    const other = petstore.withOptions({ headers: { "x-team": "b" }, baseUrl: "http://127.0.0.1:2/v2" });
    await other.pets.list();
    await petstore.pets.list();
    expect(requests[0]?.url).toBe("http://127.0.0.1:2/v2/pets");
    expect(Object.fromEntries(requests[0]!.headers)).toMatchObject({ "x-team": "b", "x-keep": "1" });
    expect(requests[1]?.url).toBe("http://127.0.0.1:1/v1/pets");
    expect(requests[1]?.headers.get("x-team")).toBe("a");
    expect(() => petstore.withOptions({ environment: "staging" })).not.toThrow();
    expect(() => petstore.withOptions({ baseURL: "x" } as never)).toThrow(
      /Unknown createPetstoreClient option "baseURL"/,
    );
  });
});

describe("request options", () => {
  it("query adds parameters the SDK does not know yet; headers take a Headers object or pairs", async () => {
    const { fetch, requests } = fakeFetch(jsonResponse(200, []));
    const petstore = base(fetch);
    await petstore.pets.list(
      { limit: 2 },
      { query: { sort: "name", tag: ["a b", "c"], skip: undefined }, headers: new Headers({ "x-trace": "t1" }) },
    );
    await petstore.pets.list({}, { headers: [["x-trace", "t2"]] });
    expect(requests[0]?.url).toBe("http://127.0.0.1:1/v1/pets?limit=2&sort=name&tag=a%20b&tag=c");
    expect(requests[0]?.headers.get("x-trace")).toBe("t1");
    expect(requests[1]?.headers.get("x-trace")).toBe("t2");
  });

  it.each([
    ["a query that is not an object", { query: "sort=name" }, /query must be an object; got "sort=name"/],
    [
      "a query value that is an object",
      { query: { sort: { by: "name" } } },
      /query\.sort must be a string, number, boolean or array; got an object/,
    ],
    [
      "an Idempotency-Key header a header cannot carry",
      { headers: { "Idempotency-Key": "" } },
      /headers idempotency-key must be 1 to 255 characters; got ""/,
    ],
    [
      "an Idempotency-Key header too long",
      { headers: new Headers({ "Idempotency-Key": "x".repeat(256) }) },
      /headers idempotency-key must be 1 to 255 characters/,
    ],
  ])("%s is a TypeError before anything is sent", async (_name, options, message) => {
    const { fetch, requests } = fakeFetch(jsonResponse(201, PET));
    await expect(base(fetch).pets.create({ name: "Rex", categoryId: 1 }, options as never)).rejects.toThrow(message);
    expect(requests).toHaveLength(0);
  });

  it.each([
    ["null", null, /pets.create pet must be an object/],
    ["a string", "Rex", /pets.create pet must be an object/],
    ["no name", { categoryId: 1 }, /pet.name must be a string; got undefined/],
    ["a text categoryId", { name: "Rex", categoryId: "1" }, /pet.categoryId must be an integer; got "1"/],
  ])("create(%s) is refused before sending", async (_name, pet, message) => {
    const { fetch, requests } = fakeFetch(jsonResponse(201, PET));
    await expect(base(fetch).pets.create(pet as never)).rejects.toThrow(message);
    expect(requests).toHaveLength(0);
  });

  it("an Idempotency-Key given in headers is sent as given and reused on a retry", async () => {
    const { fetch, requests } = fakeFetch(jsonResponse(503, {}), jsonResponse(201, PET));
    await base(fetch).pets.create({ name: "Rex", categoryId: 1 }, { headers: { "Idempotency-Key": "order-1" } });
    expect(requests.map((r) => r.headers.get("idempotency-key"))).toEqual(["order-1", "order-1"]);
  });

  it("timeout also bounds a slow apiKey function", async () => {
    const { fetch, requests } = fakeFetch(jsonResponse(200, []));
    const petstore = base(fetch, { apiKey: () => new Promise<string>(() => {}), timeout: 100, maxRetries: 1 });
    const started = Date.now();
    const error = await petstore.pets.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(requests).toHaveLength(0);
  });
});

describe("User-Agent", () => {
  it("a caller's User-Agent wins over the SDK's; x-petstore-client stays", async () => {
    const { fetch, requests } = fakeFetch(jsonResponse(200, []));
    await base(fetch, { headers: { "User-Agent": "my-app/1.0" } }).pets.list();
    await base(fetch).pets.list({}, { headers: { "user-agent": "per-call/2" } });
    expect(requests.map((r) => r.headers.get("user-agent"))).toEqual(["my-app/1.0", "per-call/2"]);
    expect(requests[0]?.headers.get("x-petstore-client")).toBe(`@petstore/client/${VERSION}`);
  });

  it.each([
    ["Bun", { version: "1.2.3" }, "Bun/1.2.3"],
    ["Deno", { version: { deno: "2.1.0" } }, "Deno/2.1.0"],
  ])("%s reports itself as its navigator.userAgent does, not node/…", async (name, value, expected) => {
    vi.stubGlobal(name, value);
    // What Bun and Deno put there: `Bun/${Bun.version}`, `Deno/${Deno.version.deno}`.
    vi.stubGlobal("navigator", { userAgent: expected });
    const { fetch, requests } = fakeFetch(jsonResponse(200, []));
    await base(fetch).pets.list();
    expect(requests[0]?.headers.get("user-agent")).toBe(`@petstore/client/${VERSION} ${expected}`);
  });
});
