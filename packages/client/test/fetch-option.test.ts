import { afterEach, describe, expect, it, vi } from "vitest";
import { createPetstoreClient, TimeoutError, type CommonClientOptions, type PetstoreClientOptions } from "../src/index";
import { createPetstoreRawClient } from "../src/raw";
import { jsonResponse, PET } from "./helpers/fake-fetch";

const BASE = "http://127.0.0.1:1/v1";
const never = () => new Promise<Response>(() => {});

function client(fetch: PetstoreClientOptions["fetch"], extra: CommonClientOptions = {}) {
  return createPetstoreClient({
    apiKey: "k",
    baseUrl: BASE,
    fetch,
    sleep: async () => {},
    onDeprecation: false,
    ...extra,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an injected fetch", () => {
  it("is called as fetch(url: string, init) on every attempt, never with a Request, with fetchOptions merged into init", async () => {
    const calls: [unknown, RequestInit & { signal: AbortSignal }][] = [];
    const dispatcher = { marker: "agent" };
    const petstore = client(
      async (url, init) => {
        calls.push([url, init]);
        return calls.length === 1 ? jsonResponse(503, {}) : jsonResponse(201, PET);
      },
      { fetchOptions: { dispatcher, credentials: "include" } },
    );
    await petstore.pets.create({ name: "Rex", categoryId: 1 }, { idempotencyKey: "key-1" });
    expect(calls).toHaveLength(2);
    for (const [url, init] of calls) {
      expect(typeof url).toBe("string");
      expect(url).toBe(`${BASE}/pets`);
      expect(init).toMatchObject({
        method: "POST",
        dispatcher,
        credentials: "include",
        body: JSON.stringify({ name: "Rex", categoryId: 1 }),
      });
      expect(init.headers).toMatchObject({
        "idempotency-key": "key-1",
        "content-type": "application/json",
        authorization: "Bearer k",
      });
      expect(init.signal).toBeInstanceOf(AbortSignal);
    }
    expect(calls[0]![1].signal).not.toBe(calls[1]![1].signal);
  });

  it("rejects fetchOptions that would replace what the SDK sets, naming the option", () => {
    expect(() => client(fetch, { fetchOptions: { headers: {} } as never })).toThrow(
      /fetchOptions cannot set headers; use the client's options\./,
    );
    expect(() => client(fetch, { fetchOptions: "x" as never })).toThrow(/fetchOptions must be an object/);
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

  it("also serves @petstore/client/raw, with the same url-and-init shape", async () => {
    const seen: [string, string, boolean][] = [];
    const fetch: PetstoreClientOptions["fetch"] = async (url, init) => {
      seen.push([url, `${init.method} ${init.headers.authorization}`, init.signal instanceof AbortSignal]);
      return jsonResponse(200, [PET]);
    };
    const raw = createPetstoreRawClient({ apiKey: "k", baseUrl: BASE, fetch, onDeprecation: false });
    const { data } = await raw.GET("/pets", { params: { query: { limit: 1 } } });
    expect(data).toEqual([PET]);
    expect(seen).toEqual([[`${BASE}/pets?limit=1`, "GET Bearer k", true]]);
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
