import { servers } from "@petstore/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createPetstoreClient,
  PetstoreError,
  type ListPetsParams,
  type PetstoreClient,
  type CommonClientOptions,
  type PetstoreClientOptions,
  type RequestOptions,
} from "../src/index";
import { fakeFetch, jsonResponse, PET } from "./helpers/fake-fetch";

const base = (): CommonClientOptions => ({ apiKey: "k", onDeprecation: false });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("environments", () => {
  it.each([
    [undefined, Object.values(servers)[0]],
    ["production", servers.production],
    ["staging", servers.staging],
  ] as const)("environment %s calls %s", async (environment, url) => {
    const { fetch, requests } = fakeFetch(jsonResponse(200, [PET]));
    await createPetstoreClient({ ...base(), environment, fetch }).pets.list({ limit: 1 });
    expect(requests[0]?.url).toBe(`${url}/pets?limit=1`);
  });

  it("baseUrl overrides and a trailing slash is dropped", async () => {
    const { fetch, requests } = fakeFetch(jsonResponse(200, PET));
    await createPetstoreClient({ ...base(), baseUrl: "http://127.0.0.1:4010/v1/", fetch }).pets.get(5);
    expect(requests[0]?.url).toBe("http://127.0.0.1:4010/v1/pets/5");
  });
});

describe("API key", () => {
  it("falls back to PETSTORE_API_KEY", async () => {
    vi.stubEnv("PETSTORE_API_KEY", "from-env");
    const { fetch, requests } = fakeFetch(jsonResponse(200, []));
    await createPetstoreClient({ fetch }).pets.list();
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer from-env");
  });

  it("a sync function is called per request", async () => {
    const { fetch, requests } = fakeFetch(jsonResponse(200, []));
    await createPetstoreClient({ ...base(), apiKey: () => "sync-key", fetch }).pets.list();
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer sync-key");
  });

  it("options that are not an object fail at construction", () => {
    expect(() => createPetstoreClient(null as unknown as PetstoreClientOptions)).toThrow(
      /createPetstoreClient options must be an object/,
    );
  });

  it("missing everywhere fails at construction and says how to set it", () => {
    vi.stubEnv("PETSTORE_API_KEY", "");
    expect(() => createPetstoreClient()).toThrow(PetstoreError);
    expect(() => createPetstoreClient()).toThrow(/apiKey.*PETSTORE_API_KEY/);
  });

  it("a key a header cannot carry is rejected without printing it", async () => {
    expect(() => createPetstoreClient({ apiKey: "bad\nSECRETVALUE" })).toThrow(/The API key is empty or not printable/);
    expect(() => createPetstoreClient({ apiKey: "bad\nSECRETVALUE" })).not.toThrow(/SECRETVALUE/);
    // Blank or starting with a blank: fetch would trim it, so what is sent would not be the key given.
    for (const blank of [" ", "\t", " key"]) {
      expect(() => createPetstoreClient({ apiKey: blank })).toThrow(/The API key is empty or not printable/);
    }
    vi.stubEnv("PETSTORE_API_KEY", " ");
    expect(() => createPetstoreClient()).toThrow(/The API key is empty or not printable/);
    const { fetch, requests } = fakeFetch(jsonResponse(200, []));
    const lazy = createPetstoreClient({ apiKey: async () => "", fetch });
    await expect(lazy.pets.list()).rejects.toMatchObject({ code: "api_key_error" });
    expect(requests).toHaveLength(0);
  });
});

describe("bad input fails before any request", () => {
  it.each([
    [
      "unknown environment",
      { environment: "qa" },
      /environment must be one of \["production","staging"\] \(or baseUrl\)/,
    ],
    [
      "environment and baseUrl",
      { environment: "staging", baseUrl: "http://127.0.0.1/v1" },
      /Pass environment or baseUrl, not both/,
    ],
    ["relative baseUrl", { baseUrl: "/v1" }, /baseUrl must be an http\(s\) URL/],
    ["non-http baseUrl", { baseUrl: "ftp://example.test/v1" }, /baseUrl must be an http\(s\) URL/],
    ["negative maxRetries", { maxRetries: -1 }, /maxRetries must be an integer from 0 to 10; got -1/],
    ["fractional maxRetries", { maxRetries: 1.5 }, /maxRetries must be an integer/],
    ["maxRetries past the upper bound", { maxRetries: 11 }, /maxRetries must be an integer from 0 to 10; got 11/],
    [
      "an unknown logLevel",
      { logLevel: "verbose" as never },
      /logLevel must be one of \["off","error","warn","info","debug"\]; got "verbose"/,
    ],
    [
      "a logger without debug",
      { logger: { error() {}, warn() {}, info() {} } as never },
      /logger must be an object with error,warn,info,debug methods/,
    ],
    ["fetchOptions that set the signal", { fetchOptions: { signal: null } as never }, /fetchOptions cannot set signal/],
    ["zero timeout", { timeout: 0 }, /timeout must be a positive number/],
    [
      "infinite timeout (setTimeout would fire at once)",
      { timeout: Number.POSITIVE_INFINITY },
      /timeout must be a positive number of ms up to 2147483647; got Infinity/,
    ],
    ["timeout as text", { timeout: "5000" }, /timeout must be a positive number/],
    [
      "misspelt option",
      { baseURL: "http://127.0.0.1/v1" },
      /Unknown createPetstoreClient option "baseURL"; use apiKey, environment, baseUrl/,
    ],
    [
      "baseUrl with credentials",
      { baseUrl: "http://user:secret@127.0.0.1/v1" },
      /baseUrl must be an http\(s\) URL without credentials/,
    ],
    ["baseUrl with a query", { baseUrl: "http://127.0.0.1/v1?x=1" }, /without credentials, query or fragment/],
    [
      "baseUrl as a URL object",
      { baseUrl: new URL("http://127.0.0.1/v1") },
      /baseUrl must be an http\(s\) URL.*got an object/,
    ],
    ["onDeprecation as text", { onDeprecation: "warn" }, /onDeprecation must be a function; got "warn"/],
    ["sleep not a function", { sleep: 5 }, /sleep must be a function; got 5/],
    ["fetch not a function", { fetch: "fetch" }, /fetch must be a function; got "fetch"/],
    ["headers as text", { headers: "x-a: 1" }, /headers must be a HeadersInit; got "x-a: 1"/],
    ["a header value fetch refuses", { headers: { "x-a": "a\nb" } }, /headers must be a HeadersInit; got an object/],
  ])("%s", (_name, options, message) => {
    const { fetch } = fakeFetch(jsonResponse(200, []));
    expect(() => createPetstoreClient({ ...base(), fetch, ...(options as PetstoreClientOptions) })).toThrow(TypeError);
    expect(() => createPetstoreClient({ ...base(), fetch, ...(options as PetstoreClientOptions) })).toThrow(message);
  });

  it.each([
    [
      "limit 0",
      (petstore: PetstoreClient) => petstore.pets.list({ limit: 0 }),
      /limit must be an integer from 1 to 100; got 0/,
    ],
    [
      "limit 101",
      (petstore: PetstoreClient) => petstore.pets.list({ limit: 101 }),
      /limit must be an integer from 1 to 100/,
    ],
    ["limit 1.5", (petstore: PetstoreClient) => petstore.pets.list({ limit: 1.5 }), /limit must be an integer/],
    ["limit as text", (petstore: PetstoreClient) => petstore.pets.list({ limit: "x" as unknown as number }), /got "x"/],
    [
      "unknown status",
      (petstore: PetstoreClient) => petstore.pets.list({ status: "lost" as "sold" }),
      /status must be one of \["available","pending","sold"\]; got "lost"/,
    ],
    ["petId 0", (petstore: PetstoreClient) => petstore.pets.get(0), /petId must be a positive integer; got 0/],
    ["petId NaN", (petstore: PetstoreClient) => petstore.pets.get(Number.NaN), /got NaN/],
    ["petId 1.5", (petstore: PetstoreClient) => petstore.pets.get(1.5), /petId must be a positive integer/],
    ["maxRetries per request", (petstore: PetstoreClient) => petstore.pets.list({}, { maxRetries: -2 }), /maxRetries/],
    [
      "limit as a bigint",
      (petstore: PetstoreClient) => petstore.pets.list({ limit: 10n as unknown as number }),
      /got 10n/,
    ],
    [
      "limit without a prototype",
      (petstore: PetstoreClient) => petstore.pets.list({ limit: Object.create(null) as number }),
      /limit must be an integer from 1 to 100; got an object/,
    ],
    [
      "unknown list parameter",
      (petstore: PetstoreClient) => petstore.pets.list({ limit: 1, foo: "bar" } as ListPetsParams),
      /Unknown pets.list parameter "foo"; use limit, status/,
    ],
    [
      "misspelt request option",
      (petstore: PetstoreClient) => petstore.pets.list({}, { timeOut: 5 } as RequestOptions),
      /Unknown request option "timeOut"/,
    ],
    [
      "the controller given as signal",
      (petstore: PetstoreClient) => petstore.pets.list({}, { signal: new AbortController() as unknown as AbortSignal }),
      /signal must be an AbortSignal; got an object/,
    ],
    [
      "empty idempotencyKey",
      (petstore: PetstoreClient) => petstore.pets.create({ name: "Rex", categoryId: 1 }, { idempotencyKey: "" }),
      /idempotencyKey must be 1 to 255 characters; got ""/,
    ],
    [
      "idempotencyKey over 255",
      (petstore: PetstoreClient) =>
        petstore.pets.create({ name: "Rex", categoryId: 1 }, { idempotencyKey: "k".repeat(256) }),
      /1 to 255 characters/,
    ],
    [
      "idempotencyKey not a string",
      (petstore: PetstoreClient) =>
        petstore.pets.create({ name: "Rex", categoryId: 1 }, { idempotencyKey: 7 as unknown as string }),
      /idempotencyKey must be 1 to 255 characters; got 7/,
    ],
    [
      "idempotencyKey with a newline",
      (petstore: PetstoreClient) => petstore.pets.create({ name: "Rex", categoryId: 1 }, { idempotencyKey: "a\nb" }),
      /idempotencyKey must be 1 to 255 characters/,
    ],
    [
      "a per-request header value fetch refuses",
      (petstore: PetstoreClient) => petstore.pets.list({}, { headers: { "x-a": "a\rb" } }),
      /headers must be a HeadersInit/,
    ],
  ])("%s", async (_name, call, message) => {
    const { fetch, requests } = fakeFetch(jsonResponse(200, []));
    const petstore = createPetstoreClient({ ...base(), fetch });
    await expect(call(petstore)).rejects.toThrow(TypeError);
    await expect(call(petstore)).rejects.toThrow(message);
    expect(requests).toHaveLength(0);
  });
});

describe("only own properties count", () => {
  it("an inherited list parameter is not sent", async () => {
    const { fetch, requests } = fakeFetch(jsonResponse(200, []));
    await createPetstoreClient({ ...base(), fetch }).pets.list(Object.create({ status: "sold", extra: { a: 1 } }));
    expect(requests[0]?.url).toBe(`${servers.production}/pets`);
  });

  it("a property added to Object.prototype after the client is made changes no request", async () => {
    const { fetch, requests } = fakeFetch(jsonResponse(200, []), jsonResponse(200, []));
    const petstore = createPetstoreClient({ ...base(), fetch });
    Object.defineProperty(Object.prototype, "polluted", { value: "x", enumerable: true, configurable: true });
    try {
      await petstore.pets.list({ limit: 1 });
      await petstore.pets.list({}, { timeout: 1000, query: { sort: "name" } });
    } finally {
      delete (Object.prototype as { polluted?: unknown }).polluted;
    }
    expect(requests.map((request) => request.url)).toEqual([
      `${servers.production}/pets?limit=1`,
      `${servers.production}/pets?sort=name`,
    ]);
  });
});
