import { afterEach, describe, expect, it, vi } from "vitest";
import { createPetstoreClient, TimeoutError, type PetstoreClientOptions } from "../src/index";
import { jsonResponse, PET } from "./helpers/fake-fetch";

const BASE = "http://127.0.0.1:1/v1";
const never = () => new Promise<Response>(() => {});

function client(fetch: PetstoreClientOptions["fetch"], extra: PetstoreClientOptions = {}) {
  return createPetstoreClient({ apiKey: "k", baseUrl: BASE, fetch, sleep: async () => {}, onDeprecation: false, ...extra });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an injected fetch", () => {
  it("receives a complete Request and, beside it, the attempt's signal", async () => {
    const calls: { request: Request; signal: AbortSignal }[] = [];
    const petstore = client(async (request, init) => {
      calls.push({ request, signal: init.signal });
      return jsonResponse(201, PET);
    });
    await petstore.pets.create({ name: "Rex", categoryId: 1 }, { idempotencyKey: "key-1" });
    const [{ request, signal }] = calls as [(typeof calls)[0]];
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`${BASE}/pets`);
    expect(request.headers.get("idempotency-key")).toBe("key-1");
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(await request.json()).toEqual({ name: "Rex", categoryId: 1 });
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal.aborted).toBe(false);
  });

  it("that passes the signal on is aborted when an attempt times out, then retried", async () => {
    const signals: AbortSignal[] = [];
    const petstore = client(
      (_request, init) =>
        new Promise((_resolve, reject) => {
          signals.push(init.signal);
          init.signal.addEventListener("abort", () => reject(init.signal.reason));
        }),
      { timeout: 20, maxRetries: 1 },
    );
    await expect(petstore.pets.list()).rejects.toBeInstanceOf(TimeoutError);
    expect(signals).toHaveLength(2);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it("that ignores the signal still times out and is retried", async () => {
    let calls = 0;
    const petstore = client(() => (calls++, never()), { timeout: 20, maxRetries: 1 });
    const error = await petstore.pets.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: "timeout", message: expect.stringContaining("timed out after 20 ms") });
    expect(calls).toBe(2);
  });

  it("that ignores the signal still lets the caller abort, with the caller's reason and no retry", async () => {
    const controller = new AbortController();
    let calls = 0;
    const petstore = client(() => {
      calls++;
      queueMicrotask(() => controller.abort(new Error("user stopped")));
      return never();
    });
    await expect(petstore.pets.list({}, { signal: controller.signal })).rejects.toThrow("user stopped");
    expect(calls).toBe(1);
  });

  it("also serves raw, with the same Request-and-signal shape", async () => {
    const seen: [string, boolean][] = [];
    const petstore = client(async (request, init) => {
      seen.push([`${request.method} ${request.url} ${request.headers.get("authorization")}`, init.signal instanceof AbortSignal]);
      return jsonResponse(200, [PET]);
    });
    const { data } = await petstore.raw.GET("/pets", { params: { query: { limit: 1 } } });
    expect(data).toEqual([PET]);
    expect(seen).toEqual([[`GET ${BASE}/pets?limit=1 Bearer k`, true]]);
  });
});

describe("the global fetch", () => {
  it("is looked up per call, so a fetch patched after the client was created (as MSW does) sees the requests", async () => {
    const petstore = createPetstoreClient({ apiKey: "k", baseUrl: BASE, onDeprecation: false });
    const patched = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => jsonResponse(200, [PET]));
    vi.stubGlobal("fetch", patched);
    await expect(petstore.pets.list({ limit: 2 })).resolves.toEqual([PET]);
    const [input, init] = patched.mock.calls[0]!;
    expect(String(input)).toBe(`${BASE}/pets?limit=2`);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer k");
  });
});
