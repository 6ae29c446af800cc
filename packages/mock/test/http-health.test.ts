import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPetstoreMockServer, type RunningPetstoreMockServer } from "../src/http/index";

let mock: RunningPetstoreMockServer;
beforeAll(async () => {
  mock = await startPetstoreMockServer({ apiKeys: ["k1"] });
});
afterAll(() => mock.close());

const origin = () => new URL(mock.baseUrl).origin;

describe("startPetstoreMockServer's health checks, the reference server's", () => {
  it.each([
    ["/healthz", { status: "ok" }],
    ["/readyz", { status: "ready" }],
    ["/healthz?probe=1", { status: "ok" }],
  ])("GET %s answers 200 without a key, and is not in the journal", async (path, body) => {
    const response = await fetch(origin() + path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
    expect(await response.json()).toEqual(body);
    const head = await fetch(origin() + path, { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([200, ""]);
    expect(mock.handlers.requests.length).toBe(0);
  });

  it("stays 200 while a scenario fails every API request", async () => {
    mock.use(mock.handlers.scenario.serverError("listPets"));
    try {
      const listed = await fetch(`${mock.baseUrl}/pets`, { headers: { authorization: "Bearer k1" } });
      expect(listed.status).toBe(500);
      expect((await fetch(`${origin()}/readyz`)).status).toBe(200);
    } finally {
      mock.resetHandlers();
    }
  });
});
