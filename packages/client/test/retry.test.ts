import { describe, expect, it } from "vitest";
import { createPetstoreClient, type CommonClientOptions, type PetstoreClientOptions } from "../src/index";
import { createPetstoreRawClient } from "../src/raw";
import { fakeFetch, jsonResponse, PET, recordingSleep } from "./helpers/fake-fetch";

const BASE = "http://127.0.0.1:1/v1";
const NOW = Date.parse("2030-01-01T00:00:00Z");
const fail = (status: number, headers: Record<string, string> = {}) =>
  jsonResponse(status, { code: `code_${status}`, message: "failed", status }, headers);

function client(fetch: PetstoreClientOptions["fetch"], extra: CommonClientOptions = {}) {
  const { sleep, delays } = recordingSleep();
  const all: PetstoreClientOptions = {
    apiKey: "k",
    baseUrl: BASE,
    fetch,
    sleep,
    random: () => 0,
    now: () => NOW,
    onDeprecation: false,
    ...extra,
  };
  return { petstore: createPetstoreClient(all), raw: createPetstoreRawClient(all), delays };
}

describe("which failures are retried", () => {
  it.each([408, 409, 429, 500, 502, 503])("retries %i up to maxRetries (2) and then throws", async (status) => {
    const { fetch, requests } = fakeFetch(fail(status));
    const { petstore } = client(fetch);
    await expect(petstore.pets.list()).rejects.toMatchObject({ status });
    expect(requests).toHaveLength(3);
  });

  it.each([400, 401, 404, 405, 413])("does not retry %i", async (status) => {
    const { fetch, requests } = fakeFetch(fail(status));
    const { petstore } = client(fetch);
    await expect(petstore.pets.list()).rejects.toMatchObject({ status });
    expect(requests).toHaveLength(1);
  });

  it("succeeds when a retry succeeds", async () => {
    const { fetch, requests } = fakeFetch(fail(503), fail(429), jsonResponse(200, [PET]));
    const { petstore } = client(fetch);
    await expect(petstore.pets.list()).resolves.toEqual([PET]);
    expect(requests).toHaveLength(3);
  });

  it("x-should-retry: true retries a status that is otherwise final", async () => {
    const { fetch, requests } = fakeFetch(fail(400, { "x-should-retry": "true" }), jsonResponse(200, [PET]));
    const { petstore } = client(fetch);
    await expect(petstore.pets.list()).resolves.toEqual([PET]);
    expect(requests).toHaveLength(2);
  });

  it("an x-should-retry value other than true or false leaves the status rule in charge", async () => {
    const { fetch, requests } = fakeFetch(
      fail(503, { "x-should-retry": "maybe" }),
      fail(400, { "x-should-retry": "maybe" }),
    );
    const { petstore } = client(fetch);
    await expect(petstore.pets.list()).rejects.toMatchObject({ status: 400 });
    expect(requests).toHaveLength(2);
  });

  it("a success is never retried, whatever x-should-retry says", async () => {
    const { fetch, requests } = fakeFetch(jsonResponse(201, PET, { "x-should-retry": "true" }));
    const { petstore } = client(fetch);
    await expect(petstore.pets.create({ name: "Rex", categoryId: 1 })).resolves.toEqual(PET);
    expect(requests).toHaveLength(1);
  });

  it("x-should-retry is read without regard to case", async () => {
    const { fetch, requests } = fakeFetch(fail(503, { "x-should-retry": "FALSE" }));
    const { petstore } = client(fetch);
    await expect(petstore.pets.list()).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(1);
  });

  it("x-should-retry: false stops the retry of a 503", async () => {
    const { fetch, requests } = fakeFetch(fail(503, { "x-should-retry": "false" }), jsonResponse(200, [PET]));
    const { petstore } = client(fetch);
    await expect(petstore.pets.list()).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(1);
  });

  it("retries connection errors and throws ConnectionError at the end", async () => {
    const { fetch, requests } = fakeFetch(new TypeError("fetch failed"));
    const { petstore } = client(fetch);
    await expect(petstore.pets.list()).rejects.toMatchObject({ name: "ConnectionError", code: "connection_error" });
    expect(requests).toHaveLength(3);
  });

  it("maxRetries: 0 on the client and per request", async () => {
    const first = fakeFetch(fail(500));
    await expect(client(first.fetch, { maxRetries: 0 }).petstore.pets.list()).rejects.toMatchObject({ status: 500 });
    expect(first.requests).toHaveLength(1);
    const second = fakeFetch(fail(500));
    await expect(client(second.fetch).petstore.pets.list({}, { maxRetries: 4 })).rejects.toMatchObject({ status: 500 });
    expect(second.requests).toHaveLength(5);
  });

  it("raw POST sends an Idempotency-Key of its own (or the caller's), reused on every retry, like pets.create", async () => {
    const keysOf = (requests: Request[]) => requests.map((request) => request.headers.get("idempotency-key"));
    const without = fakeFetch(fail(503));
    await client(without.fetch).raw.POST("/pets", { body: { name: "Rex", categoryId: 1 } });
    expect(without.requests).toHaveLength(3);
    expect(new Set(keysOf(without.requests)).size).toBe(1);
    expect(keysOf(without.requests)[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const withKey = fakeFetch(fail(503));
    await client(withKey.fetch).raw.POST("/pets", {
      body: { name: "Rex", categoryId: 1 },
      params: { header: { "Idempotency-Key": "k1" } },
    });
    expect(keysOf(withKey.requests)).toEqual(["k1", "k1", "k1"]);
  });

  it("pets.create always sends a key and reuses it, with the same body, on every attempt", async () => {
    const { fetch, requests } = fakeFetch(fail(500), new TypeError("fetch failed"), jsonResponse(201, PET));
    const { petstore } = client(fetch);
    await expect(petstore.pets.create({ name: "Rex", categoryId: 1 })).resolves.toEqual(PET);
    const keys = requests.map((request) => request.headers.get("idempotency-key"));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const bodies = await Promise.all(requests.map((request) => request.text()));
    expect(bodies).toEqual(Array(3).fill(JSON.stringify({ name: "Rex", categoryId: 1 })));
  });

  it("pets.create uses the caller's idempotencyKey and a new key per logical call", async () => {
    const { fetch, requests } = fakeFetch(jsonResponse(201, PET));
    const { petstore } = client(fetch);
    await petstore.pets.create({ name: "Rex", categoryId: 1 }, { idempotencyKey: "mine-1" });
    await petstore.pets.create({ name: "Rex", categoryId: 1 });
    await petstore.pets.create({ name: "Rex", categoryId: 1 });
    const keys = requests.map((request) => request.headers.get("idempotency-key"));
    expect(keys[0]).toBe("mine-1");
    expect(keys[1]).not.toBe(keys[2]);
  });
});

describe("idempotency keys given in headers", () => {
  it("an Idempotency-Key in the call's headers is sent as is (any case) and reused on every attempt", async () => {
    const { fetch, requests } = fakeFetch(fail(503), jsonResponse(201, PET));
    const { petstore } = client(fetch);
    await petstore.pets.create({ name: "Rex", categoryId: 1 }, { headers: { "IDEMPOTENCY-KEY": "from-headers" } });
    expect(requests.map((request) => request.headers.get("idempotency-key"))).toEqual(["from-headers", "from-headers"]);
  });

  it("the idempotencyKey option wins over one in headers", async () => {
    const { fetch, requests } = fakeFetch(jsonResponse(201, PET));
    const { petstore } = client(fetch);
    await petstore.pets.create(
      { name: "Rex", categoryId: 1 },
      { idempotencyKey: "option", headers: { "Idempotency-Key": "header" } },
    );
    expect(requests[0]?.headers.get("idempotency-key")).toBe("option");
  });
});

describe("how long it waits", () => {
  const delayFor = async (headers: Record<string, string>, random = 0) => {
    const { fetch } = fakeFetch(fail(503, headers), jsonResponse(200, []));
    const { petstore, delays } = client(fetch, { random: () => random });
    await petstore.pets.list();
    return delays[0];
  };

  it.each([
    ["Retry-After seconds", { "retry-after": "3" }, 3000],
    ["Retry-After 0", { "retry-after": "0" }, 0],
    ["Retry-After HTTP date", { "retry-after": new Date(NOW + 7000).toUTCString() }, 7000],
    ["retry-after-ms", { "retry-after-ms": "1250" }, 1250],
    ["retry-after-ms wins over Retry-After", { "retry-after-ms": "200", "retry-after": "5" }, 200],
    ["exactly 60 s is honoured", { "retry-after": "60" }, 60_000],
    ["a negative Retry-After falls back to backoff", { "retry-after": "-5" }, 500],
    ["an infinite Retry-After falls back to backoff", { "retry-after-ms": "Infinity" }, 500],
    ["an empty retry-after-ms falls back to Retry-After", { "retry-after-ms": "", "retry-after": "2" }, 2000],
    ["a blank retry-after-ms falls back to backoff", { "retry-after-ms": "\u00a0" }, 500],
    ["a past HTTP date falls back to backoff", { "retry-after": new Date(NOW - 5000).toUTCString() }, 500],
    ["garbage falls back to backoff", { "retry-after": "soon" }, 500],
  ])("%s", async (_name, headers, expected) => {
    expect(await delayFor(headers)).toBe(expected);
  });

  it.each([
    ["Retry-After: 61", { "retry-after": "61" }, 61_000],
    ["Retry-After: 99999", { "retry-after": "99999" }, 99_999_000],
    ["retry-after-ms: 90000 (it wins over Retry-After)", { "retry-after-ms": "90000", "retry-after": "2" }, 90_000],
    ["an HTTP date two minutes ahead", { "retry-after": new Date(NOW + 120_000).toUTCString() }, 120_000],
  ])(
    "a wait over 60 s (%s) is not cut short: no retry, and the error carries the wait",
    async (_name, headers, wait) => {
      const { fetch, requests } = fakeFetch(fail(503, headers), jsonResponse(200, []));
      const { petstore, delays } = client(fetch);
      const error = await petstore.pets.list().catch((e: unknown) => e);
      expect(requests).toHaveLength(1);
      expect(delays).toEqual([]);
      expect(error).toMatchObject({
        status: 503,
        retryAfterMs: wait,
        message: expect.stringContaining(`Retry after ${Math.ceil(wait / 1000)} s (error.retryAfterMs).`),
      });
    },
  );

  it("backs off 0.5 s, 1 s, 2 s … capped at 8 s without jitter", async () => {
    const { fetch } = fakeFetch(fail(500));
    const { petstore, delays } = client(fetch, { maxRetries: 6 });
    await expect(petstore.pets.list()).rejects.toThrow();
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it("jitter removes at most 25 %", async () => {
    const { fetch } = fakeFetch(fail(500));
    const { petstore, delays } = client(fetch, { maxRetries: 5, random: () => 0.999_999 });
    await expect(petstore.pets.list()).rejects.toThrow();
    const nominal = [500, 1000, 2000, 4000, 8000];
    delays.forEach((delay, index) => {
      expect(delay).toBeLessThanOrEqual(nominal[index]!);
      expect(delay).toBeGreaterThan(nominal[index]! * 0.75);
    });
  });

  it("jitter uses the injected random source", async () => {
    expect(await delayFor({}, 0.5)).toBe(500 * (1 - 0.125));
  });
});
