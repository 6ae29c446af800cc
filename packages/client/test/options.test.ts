import { servers } from "@petstore/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPetstoreClient, PetstoreError, type PetstoreClientOptions } from "../src/index";
import { fakeFetch, jsonResponse, PET } from "./helpers/fake-fetch";

const base = (): PetstoreClientOptions => ({ apiKey: "k", onDeprecation: false });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("environments", () => {
  it.each([
    [undefined, servers.production],
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

  it("missing everywhere fails at construction and says how to set it", () => {
    vi.stubEnv("PETSTORE_API_KEY", "");
    expect(() => createPetstoreClient()).toThrow(PetstoreError);
    expect(() => createPetstoreClient()).toThrow(/apiKey.*PETSTORE_API_KEY/);
  });

  it("a key a header cannot carry is rejected without printing it", async () => {
    expect(() => createPetstoreClient({ apiKey: "bad\nSECRETVALUE" })).toThrow(/not a printable string/);
    expect(() => createPetstoreClient({ apiKey: "bad\nSECRETVALUE" })).not.toThrow(/SECRETVALUE/);
    const { fetch, requests } = fakeFetch(jsonResponse(200, []));
    const lazy = createPetstoreClient({ apiKey: async () => "", fetch });
    await expect(lazy.pets.list()).rejects.toMatchObject({ code: "invalid_api_key" });
    expect(requests).toHaveLength(0);
  });
});

describe("bad input fails before any request", () => {
  const { fetch, requests } = fakeFetch(jsonResponse(200, []));

  it.each([
    ["unknown environment", { environment: "qa" }, /environment must be "production" or "staging"/],
    ["environment and baseUrl", { environment: "staging", baseUrl: "http://127.0.0.1/v1" }, /either environment or baseUrl/],
    ["relative baseUrl", { baseUrl: "/v1" }, /baseUrl must be an http\(s\) URL/],
    ["non-http baseUrl", { baseUrl: "ftp://example.test/v1" }, /baseUrl must be an http\(s\) URL/],
    ["negative maxRetries", { maxRetries: -1 }, /maxRetries must be an integer of 0 or more; got -1/],
    ["fractional maxRetries", { maxRetries: 1.5 }, /maxRetries must be an integer/],
    ["zero timeout", { timeout: 0 }, /timeout must be a positive number/],
  ])("%s", (_name, options, message) => {
    expect(() => createPetstoreClient({ ...base(), fetch, ...(options as PetstoreClientOptions) })).toThrow(TypeError);
    expect(() => createPetstoreClient({ ...base(), fetch, ...(options as PetstoreClientOptions) })).toThrow(message);
  });

  it.each([
    ["limit 0", () => client().pets.list({ limit: 0 }), /limit must be an integer from 1 to 100; got 0/],
    ["limit 101", () => client().pets.list({ limit: 101 }), /limit must be an integer from 1 to 100/],
    ["limit 1.5", () => client().pets.list({ limit: 1.5 }), /limit must be an integer/],
    ["limit as text", () => client().pets.list({ limit: "x" as unknown as number }), /got "x"/],
    ["unknown status", () => client().pets.list({ status: "lost" as "sold" }), /status must be one of available, pending, sold; got "lost"/],
    ["petId 0", () => client().pets.get(0), /petId must be a positive integer; got 0/],
    ["petId NaN", () => client().pets.get(Number.NaN), /got NaN/],
    ["petId 1.5", () => client().pets.get(1.5), /petId must be a positive integer/],
    ["maxRetries per request", () => client().pets.list({}, { maxRetries: -2 }), /maxRetries/],
  ])("%s", async (_name, call, message) => {
    await expect(call()).rejects.toThrow(TypeError);
    await expect(call()).rejects.toThrow(message);
    expect(requests).toHaveLength(0);
  });

  function client() {
    return createPetstoreClient({ ...base(), fetch });
  }
});
