import { operationTable } from "@petstore/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startPetstoreMockServer, type RunningPetstoreMockServer } from "../src/http/index";
import { exampleRequest, successStatus, type ExampleRequest } from "../../../test/helpers/operations.ts";

const KEY = "prefer-key";
const rex = { id: 1, name: "Rex", categoryId: 1 };
let api: RunningPetstoreMockServer;
beforeAll(async () => {
  api = await startPetstoreMockServer({ apiKeys: [KEY], pets: [rex] });
});
// Each test starts from pet 1 again: a request may have changed or deleted it.
beforeEach(() => api.handlers.store.reset());
afterAll(() => api.close());

/** One valid request to each operation of the contract, on pet 1, as curl would send it. */
const requests = operationTable.map((op) => ({ ...exampleRequest(op, rex.id), success: successStatus(op) }));
const codes = [503, 500, 429];
/** Whether the operation declares `code`, itself or through its `default` response. */
const declares = (operationId: string, code: number) => {
  const { responses } = operationTable.find((op) => op.operationId === operationId)!;
  return String(code) in responses || "default" in responses;
};

function send(request: ExampleRequest, headers: Record<string, string>) {
  return fetch(`${api.baseUrl}${request.path}`, {
    method: request.method,
    headers: { "content-type": "application/json", ...headers },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
}

describe("Prefer: code= and delay= on contract requests", () => {
  it.each(
    requests.flatMap((request) =>
      codes
        .filter((code) => declares(request.operationId, code))
        .map((code) => [request.operationId, code, request] as const),
    ),
  )("%s with Prefer: code=%i answers that error, once", async (_id, code, request) => {
    const response = await send(request, { authorization: `Bearer ${KEY}`, prefer: `code=${code}` });
    expect(response.status).toBe(code);
    const body = (await response.json()) as { status: number; code: string };
    expect(body.status).toBe(code);
    expect(body.code).toBe({ 429: "rate_limited", 500: "internal_error", 503: "service_unavailable" }[code]);
    // 429's Retry-After as the rateLimited scenario sends it; 503's because the contract requires it.
    if (code !== 500) expect(response.headers.get("retry-after")).toBe("1");
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    expect((await send(request, { authorization: `Bearer ${KEY}` })).status).toBe(request.success);
  });

  // None while every operation has a `default` response; the contract may add one without.
  const undeclared = requests.flatMap((request) =>
    codes
      .filter((code) => !declares(request.operationId, code))
      .map((code) => [request.operationId, code, request] as const),
  );
  it.runIf(undeclared.length > 0).each(undeclared)(
    "%s with Prefer: code=%i, which it does not declare, is that request's 400; the others still answer it",
    async (operationId, code, request) => {
      const response = await send(request, { authorization: `Bearer ${KEY}`, prefer: `code=${code}` });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(
        `Prefer: code=${code} is not an answer of ${operationId}: use one it declares`,
      );
      const other = requests.find((each) => declares(each.operationId, code))!;
      expect((await send(other, { authorization: `Bearer ${KEY}`, prefer: `code=${code}` })).status).toBe(code);
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
    expect(slow.status).toBe(requests[0]!.success);
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
    const [request] = requests as [(typeof requests)[number]];
    expect((await send(request, { authorization: `Bearer ${KEY}`, prefer: "return=minimal" })).status).toBe(
      request.success,
    );
    await send(request, { authorization: `Bearer ${KEY}`, prefer: "code=503" });
    expect(
      api.handlers.requests.since(next).map((entry) => [entry.operationId, entry.status, entry.headers.prefer]),
    ).toEqual([
      [request.operationId, request.success, "return=minimal"],
      [request.operationId, 503, "code=503"],
    ]);
  });
});
