import { createPetstoreClient } from "@petstore/client";
import { createPetstoreHandlers } from "@petstore/mock";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureCold, startWarmCases } from "../src/benchmarks/mock-speed";
import { handlersOf } from "../src/internal/load-mock";
import { mockSetup, runWorkload } from "../src/internal/mock-workload";
import { createOpenApiMswHandlers } from "../src/internal/openapi-msw-handlers";

describe("handlersOf", () => {
  const handler = { info: { path: "/pets" } };

  it("accepts an array of handlers (with or without a .store) and { handlers }", () => {
    const set = Object.assign([handler], { store: {} });
    expect(handlersOf(set)).toBe(set);
    expect(handlersOf({ handlers: [handler], store: {} })).toEqual([handler]);
  });

  it.each([undefined, null, {}, { handlers: "no" }])("rejects %j", (value) => {
    expect(() => handlersOf(value)).toThrow("neither an array nor { handlers }");
  });
});

// The two mocks on two base URLs of one MSW server, so every request can be sent to both.
const petstoreBase = "http://petstore.bench.test/v1";
const peerBase = "http://peer.bench.test/v1";
const petstore = createPetstoreHandlers({
  baseUrls: [petstoreBase],
  apiKeys: [mockSetup.apiKey],
  pets: [...mockSetup.pets],
});
const peer = createOpenApiMswHandlers({ baseUrl: peerBase, apiKeys: [mockSetup.apiKey], pets: mockSetup.pets });
const server = setupServer(...handlersOf(petstore), ...peer.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const auth = { authorization: `Bearer ${mockSetup.apiKey}` };
const json = { ...auth, "content-type": "application/json" };
const post = (body: unknown, headers: Record<string, string> = json): RequestInit => ({
  method: "POST",
  headers,
  body: JSON.stringify(body),
});

/** What the SDK and a test see of an answer: status, error code or body, and which service headers are there. */
async function observe(base: string, path: string, init?: RequestInit) {
  const response = await fetch(`${base}${path}`, init);
  const body = (await response.json()) as { code?: string };
  const headers = ["www-authenticate", "location", "idempotent-replayed", "sunset", "deprecation", "link"].map(
    (name) => [name, response.headers.get(name)],
  );
  return {
    status: response.status,
    body: response.ok ? body : body.code,
    headers: Object.fromEntries(headers.map(([name, value]) => [name, name === "location" ? value : value !== null])),
    requestId: /^req_[0-9a-f]{32}$/.test(response.headers.get("x-request-id") ?? ""),
  };
}

describe("the openapi-msw peer handlers do the same work as @petstore/mock", () => {
  it.each<[string, string, RequestInit?]>([
    ["list", "/pets", { headers: auth }],
    ["list with limit and status", "/pets?limit=3&status=available", { headers: auth }],
    ["limit 0", "/pets?limit=0", { headers: auth }],
    ["limit 101", "/pets?limit=101", { headers: auth }],
    ["limit not a number", "/pets?limit=ten", { headers: auth }],
    ["unknown status", "/pets?status=lost", { headers: auth }],
    ["no key", "/pets"],
    ["wrong key", "/pets", { headers: { authorization: "Bearer nope" } }],
    ["wrong scheme", "/pets", { headers: { authorization: `Basic ${mockSetup.apiKey}` } }],
    ["create", "/pets", post({ name: "Rex", categoryId: 3, status: "pending" })],
    ["create, no name", "/pets", post({ categoryId: 3 })],
    ["create, empty name", "/pets", post({ name: "", categoryId: 3 })],
    ["create, categoryId 1.5", "/pets", post({ name: "Rex", categoryId: 1.5 })],
    ["create, unknown status", "/pets", post({ name: "Rex", categoryId: 1, status: "lost" })],
    ["create, not JSON", "/pets", { method: "POST", headers: json, body: "{" }],
    ["create, text/plain", "/pets", post({ name: "Rex", categoryId: 1 }, { ...auth, "content-type": "text/plain" })],
    ["create, no key", "/pets", post({ name: "Rex", categoryId: 1 }, { "content-type": "application/json" })],
    ["get", "/pets/7", { headers: auth }],
    ["get, unknown id", "/pets/999", { headers: auth }],
    ["get, id 0", "/pets/0", { headers: auth }],
    ["get, id not a number", "/pets/abc", { headers: auth }],
  ])("%s", async (_name, path, init) => {
    const ours = await observe(petstoreBase, path, init);
    const theirs = await observe(peerBase, path, init);
    expect(theirs).toEqual(ours);
    expect(ours.requestId).toBe(true);
  });

  it("idempotency keys: a replay gets the first pet, another body under the same key a 400", async () => {
    for (const base of [petstoreBase, peerBase]) {
      const headers = { ...json, "idempotency-key": `key-${base}` };
      const first = await observe(base, "/pets", post({ name: "Once", categoryId: 2 }, headers));
      const replay = await observe(base, "/pets", post({ name: "Once", categoryId: 2 }, headers));
      const conflict = await observe(base, "/pets", post({ name: "Twice", categoryId: 2 }, headers));
      expect(replay).toEqual({ ...first, headers: { ...first.headers, "idempotent-replayed": true } });
      expect(conflict).toMatchObject({ status: 400, body: "invalid_request" });
    }
  });

  it("the SDK's workload gets the same results through both", async () => {
    petstore.store.reset();
    peer.reset();
    const viaPetstore = createPetstoreClient({ apiKey: mockSetup.apiKey, baseUrl: petstoreBase, onDeprecation: false });
    const viaPeer = createPetstoreClient({ apiKey: mockSetup.apiKey, baseUrl: peerBase, onDeprecation: false });
    const ours = await runWorkload(viaPetstore, 12);
    expect(await runWorkload(viaPeer, 12)).toEqual(ours);
    expect(ours[1]).toMatchObject({ id: 21, name: "Pet 1" });
  });
});

describe("the warm cases", () => {
  it("switch one MSW server between the two sets, each reset to the seed", async () => {
    server.close();
    const cases = await startWarmCases();
    try {
      for (const kind of ["petstore", "openapiMsw"] as const) {
        cases.use(kind);
        expect(await cases[kind]()).toEqual(mockSetup.pets.slice(0, 20));
        expect(await cases[kind]()).toMatchObject({ id: 21 });
      }
    } finally {
      cases.stop();
      server.listen({ onUnhandledRequest: "error" });
    }
  });
});

describe("the cold runs", () => {
  it("time each phase in a fresh plain node process for both mocks", async () => {
    const samples = await measureCold(1, 8);
    for (const kind of ["petstore", "openapi-msw"] as const) {
      const [sample] = samples[kind];
      expect(sample).toBeDefined();
      const { bootMs, importMs, createMs, listenMs, callsMs, totalMs } = sample!;
      for (const ms of [bootMs, importMs, createMs, listenMs, callsMs]) expect(ms).toBeGreaterThan(0);
      expect(totalMs).toBeCloseTo(importMs + createMs + listenMs + callsMs, 6);
    }
  }, 120_000);
});
