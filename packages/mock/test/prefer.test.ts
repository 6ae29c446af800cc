import { operationTable } from "@petstore/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPetstoreMockServer, type RunningPetstoreMockServer } from "../src/http/index";

const KEY = "prefer-key";
let api: RunningPetstoreMockServer;
beforeAll(async () => {
  api = await startPetstoreMockServer({ apiKeys: [KEY], pets: [{ id: 1, name: "Rex", categoryId: 1 }] });
});
afterAll(() => api.close());

/** One request to each operation, as curl would send it. */
const requests = operationTable.map((op) => ({
  operationId: op.operationId,
  path: op.path.replace("{petId}", "1"),
  method: op.method,
  body: op.method === "POST" ? JSON.stringify({ name: "Ada", categoryId: 1 }) : undefined,
}));

function send(request: (typeof requests)[number], headers: Record<string, string>) {
  return fetch(`${api.baseUrl}${request.path}`, {
    method: request.method,
    headers: { "content-type": "application/json", ...headers },
    body: request.body,
  });
}

describe("Prefer: code= and delay= on contract requests", () => {
  it.each(requests.flatMap((request) => [503, 500, 429].map((code) => [request.operationId, code, request] as const)))(
    "%s with Prefer: code=%i answers that error, once",
    async (_id, code, request) => {
      const response = await send(request, { authorization: `Bearer ${KEY}`, prefer: `code=${code}` });
      expect(response.status).toBe(code);
      const body = (await response.json()) as { status: number; code: string };
      expect(body.status).toBe(code);
      expect(body.code).toBe({ 429: "rate_limited", 500: "internal_error", 503: "service_unavailable" }[code]);
      // 429's Retry-After as the rateLimited scenario sends it; 503's because the contract requires it.
      if (code !== 500) expect(response.headers.get("retry-after")).toBe("1");
      expect(response.headers.get("x-request-id")).toMatch(/^req_/);
      expect((await send(request, { authorization: `Bearer ${KEY}` })).status).toBeLessThan(300);
    },
  );

  it("checks the API key first, as the service does", async () => {
    const response = await send(requests[0]!, { authorization: "Bearer wrong", prefer: "code=503" });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("delay=<ms> waits before the normal answer; with code, before the error", async () => {
    let started = Date.now();
    const slow = await send(requests[0]!, { authorization: `Bearer ${KEY}`, prefer: "delay=200" });
    expect(slow.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    started = Date.now();
    const both = await send(requests[0]!, { authorization: `Bearer ${KEY}`, prefer: "code=503, delay=150" });
    expect(both.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it.each([
    ["code=200", /Prefer: code=200 is not an error status: use a 4xx or 5xx/],
    ["code=5xx", /Prefer: code=5xx is not an error status/],
    ["delay=-5", /Prefer: delay=-5 is not a delay: use whole milliseconds/],
  ])("Prefer: %s is that request's 400, naming what it takes", async (prefer, message) => {
    const response = await send(requests[0]!, { authorization: `Bearer ${KEY}`, prefer });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });

  it("ignores preferences it does not know, and the journal records what was answered", async () => {
    const next = api.handlers.requests.nextIndex;
    expect((await send(requests[0]!, { authorization: `Bearer ${KEY}`, prefer: "return=minimal" })).status).toBe(200);
    await send(requests[0]!, { authorization: `Bearer ${KEY}`, prefer: "code=503" });
    expect(
      api.handlers.requests.since(next).map((entry) => [entry.operationId, entry.status, entry.headers.prefer]),
    ).toEqual([
      ["listPets", 200, "return=minimal"],
      ["listPets", 503, "code=503"],
    ]);
  });
});
