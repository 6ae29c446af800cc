import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  createPetstoreClient,
  InternalServerError,
  NotFoundError,
  PetstoreError,
  RateLimitError,
  TimeoutError,
  VERSION,
  type CommonClientOptions,
  type PetstoreClientOptions,
} from "../src/index";
import { createPetstoreRawClient } from "../src/raw";
import { errorBody, json, startServer, type Handler, type TestServer } from "./helpers/server";
import { PET, recordingSleep } from "./helpers/fake-fetch";

const KEY = "sk_test_Zebra-42-secret";
let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(handler: Handler, options: CommonClientOptions = {}) {
  server = await startServer(handler);
  const { sleep, delays } = recordingSleep();
  const all: PetstoreClientOptions = { apiKey: KEY, baseUrl: server.baseUrl, sleep, onDeprecation: false, ...options };
  return {
    petstore: createPetstoreClient(all),
    raw: createPetstoreRawClient(all),
    received: server.received,
    delays,
    baseUrl: server.baseUrl,
  };
}

describe("over real HTTP", () => {
  it("lists with query parameters and sends auth and client headers", async () => {
    const { petstore, received } = await setup((_req, res) => json(res, 200, [PET]));
    await expect(petstore.pets.list({ limit: 10, status: "available" })).resolves.toEqual([PET]);
    expect(received[0]).toMatchObject({ method: "GET", url: "/v1/pets?limit=10&status=available" });
    expect(received[0]?.headers).toMatchObject({
      authorization: `Bearer ${KEY}`,
      "x-petstore-client": `@petstore/client/${VERSION}`,
      "user-agent": `@petstore/client/${VERSION} node/${process.versions.node}`,
    });
  });

  it("creates with a JSON body and an Idempotency-Key", async () => {
    const { petstore, received } = await setup((req, res) => json(res, 201, { id: 7, ...JSON.parse(req.body) }));
    await expect(petstore.pets.create({ name: "Tom", categoryId: 2 })).resolves.toEqual({
      id: 7,
      name: "Tom",
      categoryId: 2,
    });
    expect(received[0]?.headers["content-type"]).toBe("application/json");
    expect(received[0]?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gets one pet by id and merges client and request headers", async () => {
    const { petstore, received } = await setup((_req, res) => json(res, 200, PET), { headers: { "x-team": "a" } });
    await expect(petstore.pets.get(1, { headers: { "x-trace": "t1" } })).resolves.toEqual(PET);
    expect(received[0]?.url).toBe("/v1/pets/1");
    expect(received[0]?.headers).toMatchObject({ "x-team": "a", "x-trace": "t1" });
  });

  it("reads the API key from an async function before every request", async () => {
    let calls = 0;
    const { petstore, received } = await setup((_req, res) => json(res, 200, []), {
      apiKey: async () => `rotated-${++calls}`,
    });
    await petstore.pets.list();
    await petstore.pets.list();
    expect(received.map((r) => r.headers.authorization)).toEqual(["Bearer rotated-1", "Bearer rotated-2"]);
  });

  it("retries a 503 with Retry-After and reuses the create's Idempotency-Key", async () => {
    const { petstore, received, delays } = await setup((req, res, index) =>
      index < 2
        ? json(res, 503, errorBody(503, "unavailable"), { "retry-after": "2" })
        : json(res, 201, { id: 3, ...JSON.parse(req.body) }),
    );
    await expect(petstore.pets.create({ name: "Rex", categoryId: 1 })).resolves.toMatchObject({ id: 3 });
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.headers["idempotency-key"])).size).toBe(1);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    expect(delays).toEqual([2000, 2000]);
  });

  it("retries a reset connection and then throws ConnectionError", async () => {
    const { petstore, received } = await setup((_req, res) => res.socket?.destroy());
    const error = await petstore.pets.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: "connection_error", status: undefined });
    expect(received).toHaveLength(3);
  });

  it("times out each attempt, retries, then throws TimeoutError", async () => {
    const { petstore, received } = await setup(() => undefined, { timeout: 400, maxRetries: 1 });
    const error = await petstore.pets.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: "timeout", message: expect.stringContaining("timed out after 400 ms") });
    expect(received).toHaveLength(2);
  });

  it("a per-request timeout overrides the client's", async () => {
    const { petstore, received } = await setup(() => undefined);
    await expect(petstore.pets.list({}, { timeout: 300, maxRetries: 0 })).rejects.toBeInstanceOf(TimeoutError);
    expect(received).toHaveLength(1);
  });

  it("a user abort rejects with an AbortError, is not retried and is no TimeoutError", async () => {
    const controller = new AbortController();
    const { petstore, received } = await setup(() => controller.abort());
    const error = await petstore.pets.list({}, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "AbortError" });
    expect(error).not.toBeInstanceOf(PetstoreError);
    expect(received).toHaveLength(1);
  });

  it("an abort during the wait between retries stops at once", async () => {
    const controller = new AbortController();
    server = await startServer((_req, res) => json(res, 503, errorBody(503, "unavailable")));
    const petstore = createPetstoreClient({
      apiKey: KEY,
      baseUrl: server.baseUrl,
      sleep: (_ms, signal) => {
        controller.abort();
        return Promise.reject(signal?.reason);
      },
    });
    await expect(petstore.pets.list({}, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(server.received).toHaveLength(1);
  });

  it("an already aborted signal sends nothing and never asks for the key", async () => {
    const apiKey = vi.fn(() => KEY);
    const { petstore, received } = await setup((_req, res) => json(res, 200, []), { apiKey });
    await expect(petstore.pets.list({}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    expect(received).toHaveLength(0);
    expect(apiKey).not.toHaveBeenCalled();
  });

  it("the signal also stops a slow apiKey function", async () => {
    const { petstore, received } = await setup((_req, res) => json(res, 200, []), {
      apiKey: () => new Promise<string>(() => {}),
    });
    const controller = new AbortController();
    const call = petstore.pets.list({}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user gave up")), 20);
    await expect(call).rejects.toThrow("user gave up");
    expect(received).toHaveLength(0);
  });

  it("the default sleep really waits and honours retry-after-ms", async () => {
    server = await startServer((_req, res, index) =>
      index === 0 ? json(res, 429, errorBody(429, "rate_limited"), { "retry-after-ms": "1" }) : json(res, 200, []),
    );
    const petstore = createPetstoreClient({ apiKey: KEY, baseUrl: server.baseUrl });
    await expect(petstore.pets.list()).resolves.toEqual([]);
    expect(server.received).toHaveLength(2);
  });
});

describe("timeouts, retries and headers over real HTTP", () => {
  const stall: Handler = (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write("[");
  };

  it("a body that stalls after the headers times out and is retried", async () => {
    const { petstore, received } = await setup(stall, { timeout: 400, maxRetries: 1 });
    await expect(petstore.pets.list()).rejects.toMatchObject({ name: "TimeoutError", code: "timeout" });
    expect(received).toHaveLength(2);
  });

  it("raw's timeout covers a stalled body too", async () => {
    const { raw, received } = await setup(stall, { timeout: 400, maxRetries: 1 });
    await expect(raw.GET("/pets")).rejects.toBeInstanceOf(TimeoutError);
    expect(received).toHaveLength(2);
  });

  it("raw retries a GET and a keyed POST, sending the same body again", async () => {
    const { raw, received } = await setup((req, res, index) =>
      index % 2 === 0
        ? json(res, 503, errorBody(503, "unavailable"))
        : json(res, req.method === "POST" ? 201 : 200, req.method === "POST" ? PET : [PET]),
    );
    await expect(raw.GET("/pets")).resolves.toMatchObject({ data: [PET] });
    const body = { name: "Rex", categoryId: 1 };
    await expect(raw.POST("/pets", { body, params: { header: { "Idempotency-Key": "k1" } } })).resolves.toMatchObject({
      data: PET,
    });
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /v1/pets",
      "GET /v1/pets",
      "POST /v1/pets",
      "POST /v1/pets",
    ]);
    expect(received.slice(2).map((r) => [r.body, r.headers["idempotency-key"]])).toEqual(
      Array(2).fill([JSON.stringify(body), "k1"]),
    );
  });

  it("an abort during the default wait between retries stops it", async () => {
    const controller = new AbortController();
    server = await startServer((_req, res) => {
      json(res, 503, errorBody(503, "unavailable"), { "retry-after": "60" });
      res.on("finish", () => setImmediate(() => controller.abort()));
    });
    const petstore = createPetstoreClient({ apiKey: KEY, baseUrl: server.baseUrl, onDeprecation: false });
    await expect(petstore.pets.list({}, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(server.received).toHaveLength(1);
  });

  it("request headers replace client headers whatever their case; the SDK's own headers and the key cannot be replaced", async () => {
    const { petstore, received } = await setup((_req, res) => json(res, 200, []), {
      headers: { "X-Team": "a", "x-keep": "k" },
    });
    await petstore.pets.list(
      {},
      { headers: { "x-team": "b", Authorization: "Bearer other", "X-Petstore-Client": "spoof" } },
    );
    expect(received[0]?.headers).toMatchObject({
      "x-team": "b",
      "x-keep": "k",
      authorization: `Bearer ${KEY}`,
      "x-petstore-client": `@petstore/client/${VERSION}`,
    });
  });
});

describe("errors over real HTTP", () => {
  it.each([
    [400, "invalid_request", BadRequestError],
    [401, "unauthorized", AuthenticationError],
    [404, "not_found", NotFoundError],
    [429, "rate_limited", RateLimitError],
    [500, "internal_error", InternalServerError],
    [503, "unavailable", InternalServerError],
    [405, "method_not_allowed", PetstoreError],
    [413, "payload_too_large", PetstoreError],
  ])("%i becomes %s's class with code, message, status and requestId", async (status, code, Class) => {
    const { petstore } = await setup(
      (_req, res) => json(res, status, errorBody(status, code, "Explained."), { "x-request-id": "req_123" }),
      {
        maxRetries: 0,
      },
    );
    const error = await petstore.pets.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(PetstoreError);
    expect(error).toMatchObject({ code, status, requestId: "req_123", name: Class.name });
    expect((error as Error).message).toBe(`[@petstore/client] ${status} ${code}: Explained. (request id req_123)`);
    expect((error as PetstoreError).headers["x-request-id"]).toBe("req_123");
  });

  it("a 500 with plain text is an InternalServerError carrying the status", async () => {
    const { petstore } = await setup(
      (_req, res) => res.writeHead(500, { "content-type": "text/plain" }).end("upstream crashed"),
      { maxRetries: 0 },
    );
    await expect(petstore.pets.list()).rejects.toMatchObject({
      name: "InternalServerError",
      status: 500,
      code: "http_500",
    });
  });

  it.each([
    ["HTML", "text/html", "<html>login</html>"],
    ["an object instead of a list", "application/json", JSON.stringify({ pets: [] })],
    ["pets missing fields", "application/json", JSON.stringify([{ id: 1 }])],
    ["an empty body", "application/json", ""],
  ])("a 200 with %s is a PetstoreError with the status", async (_name, type, body) => {
    const { petstore } = await setup((_req, res) => res.writeHead(200, { "content-type": type }).end(body));
    const error = await petstore.pets.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PetstoreError);
    expect(error).toMatchObject({ code: "invalid_response", status: 200 });
  });

  it("raw returns { error, response } instead of throwing", async () => {
    const { raw } = await setup((_req, res) => json(res, 404, errorBody(404, "not_found")));
    const { data, error, response } = await raw.GET("/pets/{petId}", { params: { path: { petId: 9 } } });
    expect(data).toBeUndefined();
    expect(error).toEqual(errorBody(404, "not_found"));
    expect(response.status).toBe(404);
  });

  it("raw hands back the fetched Response itself, its url intact", async () => {
    const { raw, baseUrl } = await setup((_req, res) => json(res, 200, [PET]));
    const { data, response } = await raw.GET("/pets", { params: { query: { limit: 1 } } });
    expect(data).toEqual([PET]);
    expect(response.url).toBe(`${baseUrl}/pets?limit=1`);
  });

  it("raw's signal stops a slow apiKey function, and an aborted call never asks for the key", async () => {
    let asked = 0;
    const { raw, received } = await setup((_req, res) => json(res, 200, []), {
      apiKey: () => {
        asked += 1;
        return new Promise<string>(() => {});
      },
    });
    await expect(raw.GET("/pets", { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    expect(asked).toBe(0);
    const controller = new AbortController();
    const call = raw.GET("/pets", { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user gave up")), 20);
    await expect(call).rejects.toThrow("user gave up");
    expect(asked).toBe(1);
    expect(received).toHaveLength(0);
  });

  it("the API key never shows in messages or serialized errors", async () => {
    const { petstore } = await setup(
      (_req, res) => json(res, 401, errorBody(401, "unauthorized"), { "x-request-id": "r1" }),
      { maxRetries: 0 },
    );
    const errors = [await petstore.pets.list().catch((e: unknown) => e)];
    const closed = createPetstoreClient({ apiKey: KEY, baseUrl: "http://127.0.0.1:9/v1", maxRetries: 0 });
    errors.push(await closed.pets.list().catch((e: unknown) => e));
    errors.push(await closed.pets.list({}, { timeout: 1 }).catch((e: unknown) => e));
    for (const error of errors) {
      expect(error).toBeInstanceOf(PetstoreError);
      const text = [
        JSON.stringify(error),
        String(error),
        (error as Error).stack,
        JSON.stringify((error as Error).cause ?? null),
      ].join("\n");
      expect(text).not.toContain(KEY);
      expect(text).not.toMatch(/zebra/i);
    }
  });

  it("JSON.stringify(error) carries the message and the response facts", async () => {
    const { petstore } = await setup((_req, res) =>
      json(res, 404, errorBody(404, "not_found"), { "x-request-id": "r9" }),
    );
    const error = await petstore.pets.list().catch((e: unknown) => e);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: "NotFoundError",
      code: "not_found",
      message: expect.stringContaining("404 not_found"),
      status: 404,
      requestId: "r9",
    });
  });

  it("a body that breaks off mid-way is a ConnectionError that says a response arrived", async () => {
    const { petstore } = await setup(
      (_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
        res.write("[");
        setTimeout(() => res.destroy(), 10);
      },
      { maxRetries: 0 },
    );
    await expect(petstore.pets.list()).rejects.toMatchObject({
      name: "ConnectionError",
      message: expect.stringMatching(/broke off mid-response/),
    });
  });
});
