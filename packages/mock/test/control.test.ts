import { networkInterfaces } from "node:os";
import { createPetstoreClient, InternalServerError, NotFoundError, RateLimitError } from "@petstore/client";
import { operationTable, type Pet } from "@petstore/contract";
import { serviceHeaders } from "@petstore/service";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectPetstoreMock, startPetstoreMockServer, type RunningPetstoreMockServer } from "../src/http/index";
import { createPetstoreHandlers } from "../src/index";
import { UNKNOWN_OPERATION } from "../../../test/helpers/operations.ts";

const KEY = "control-test-key";
const rex: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const tom: Pet = { id: 7, name: "Tom", categoryId: 2, status: "sold" };
const operationIds = operationTable.map((op) => op.operationId);
let api: RunningPetstoreMockServer;

beforeAll(async () => {
  api = await startPetstoreMockServer({ pets: [rex], apiKeys: [KEY] });
});
afterEach(async () => {
  // Back to this file's seed, which a test may have replaced.
  await fetch(`${api.controlUrl}/seed`, { method: "POST", body: JSON.stringify({ pets: [rex] }) });
});
afterAll(() => api.close());

const petstore = () => createPetstoreClient({ apiKey: KEY, baseUrl: api.baseUrl, maxRetries: 0, onDeprecation: false });
const auth = { authorization: `Bearer ${KEY}` };

/** A control request as curl sends it: JSON in, status and JSON out. */
async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${api.controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as Record<string, unknown>) };
}

describe("the control API, through connectPetstoreMock", () => {
  it("applies scenarios from another process's point of view: the next requests fail, then recover", async () => {
    const mock = connectPetstoreMock(api.baseUrl);
    expect(mock.controlUrl).toBe(api.controlUrl);
    expect(mock.baseUrl).toBe(api.baseUrl);
    expect(connectPetstoreMock(new URL(api.baseUrl).origin).baseUrl).toBe(api.baseUrl);
    await mock.use(
      mock.scenario.serverError("listPets", { times: 1 }),
      mock.scenario.rateLimited("getPet", { retryAfter: 7 }),
    );
    await expect(petstore().pets.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(await petstore().pets.list()).toEqual([rex]);
    const limited = await petstore()
      .pets.get(1)
      .catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).headers["retry-after"]).toBe("7");
    await mock.resetHandlers();
    expect(await petstore().pets.get(1)).toEqual(rex);
  });

  it("reads the journal: typed per operation, filtered, and from an index on", async () => {
    const mock = connectPetstoreMock(api.baseUrl);
    await petstore().pets.create({ name: "Ada", categoryId: 3 }, { idempotencyKey: "k-1" });
    const next = await mock.requests.nextIndex();
    await petstore().pets.list({ limit: 5 });
    const created = await mock.requests.of("createPet");
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toEqual({ name: "Ada", categoryId: 3 });
    expect(created[0]?.headers["idempotency-key"]).toBe("k-1");
    expect((await mock.requests.since(next)).map((entry) => [entry.operationId, entry.query])).toEqual([
      ["listPets", { limit: "5" }],
    ]);
    expect((await mock.requests.all()).map((entry) => entry.status)).toEqual([201, 200]);
    await mock.requests.clear();
    expect(await mock.requests.all()).toEqual([]);
    expect(await mock.requests.nextIndex()).toBe(next + 1);
  });

  it("seeds pets and resets to them; reset drops scenarios and clears the journal", async () => {
    const mock = connectPetstoreMock(api.baseUrl);
    await mock.seed([tom, rex]);
    expect(await petstore().pets.list()).toEqual([rex, tom]);
    await petstore().pets.create({ name: "Kit", categoryId: 1 });
    await mock.use(mock.scenario.networkError("getPet"));
    await mock.reset();
    expect(await petstore().pets.list()).toEqual([rex, tom]);
    expect(await petstore().pets.get(7)).toEqual(tom);
    expect((await mock.requests.all()).map((entry) => entry.operationId)).toEqual(["listPets", "getPet"]);
    expect(api.handlers.store.all()).toEqual([rex, tom]);
  });

  it("overrides an operation with a typed answer: status, body, headers, times and delay", async () => {
    const mock = connectPetstoreMock(api.baseUrl);
    const gone = { code: "not_found", message: "Rex was adopted.", status: 404 } as const;
    await mock.use(mock.override("getPet", { status: 404, body: gone, headers: { "x-scene": "adopted" }, times: 1 }));
    await mock.use(mock.override("listPets", { status: 200, body: [tom], delay: 150, times: 1 }));
    const started = Date.now();
    expect(await petstore().pets.list()).toEqual([tom]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const response = await fetch(`${api.baseUrl}/pets/1`, { headers: auth });
    expect(response.status).toBe(404);
    expect(response.headers.get("x-scene")).toBe("adopted");
    expect(response.headers.get("sunset")).not.toBeNull(); // getPet's deprecation headers, as the service sends them
    expect(await response.json()).toEqual(gone);
    expect(await petstore().pets.get(1)).toEqual(rex); // times: 1
    // Auth first: a bad key gets its 401, and it does not count.
    await mock.use(mock.override("getPet", { status: 404, body: gone, times: 1 }));
    expect((await fetch(`${api.baseUrl}/pets/1`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    await expect(petstore().pets.get(1)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("sets the clock of the idempotency window", async () => {
    const mock = connectPetstoreMock(api.baseUrl);
    const start = Date.UTC(2030, 0, 1);
    expect(await mock.clock.set(new Date(start))).toBeGreaterThanOrEqual(start);
    const first = await petstore().pets.create({ name: "Ada", categoryId: 1 }, { idempotencyKey: "same" });
    expect(await petstore().pets.create({ name: "Ada", categoryId: 1 }, { idempotencyKey: "same" })).toEqual(first);
    const later = await mock.clock.advance(25 * 60 * 60 * 1000);
    expect(later - start).toBeGreaterThanOrEqual(25 * 60 * 60 * 1000);
    const again = await petstore().pets.create({ name: "Ada", categoryId: 1 }, { idempotencyKey: "same" });
    expect(again.id).toBe(first.id + 1);
    expect(Math.abs((await mock.clock.restore()) - Date.now())).toBeLessThan(5_000);
  });

  it("rejects with the server's reason, naming what is accepted", async () => {
    const mock = connectPetstoreMock(api.baseUrl);
    await expect(mock.use(mock.scenario.serverError(UNKNOWN_OPERATION as never))).rejects.toThrow(
      `answered 400: unknown operation "${UNKNOWN_OPERATION}": use one of ${operationIds.join(", ")}`,
    );
    await expect(
      mock.use(mock.override("getPet", { status: 200, body: { ...rex, name: 42 } as unknown as Pet })),
    ).rejects.toThrow(/answered 400: .*\/name must be string/);
    await expect(mock.seed([{ ...rex, status: "lost" } as unknown as Pet])).rejects.toThrow(
      /answered 400: pets\[0\] is not a valid Pet: \/status must be equal to one of the allowed values/,
    );
    await expect(connectPetstoreMock("http://127.0.0.1:9/v1").reset()).rejects.toThrow(
      /cannot reach the mock's control API at http:\/\/127\.0\.0\.1:9\/__petstore/,
    );
    expect(() => connectPetstoreMock("127.0.0.1:4010")).toThrow(/connectPetstoreMock needs the mock's URL/);
    expect(() => mock.scenario.slow("getPet", 5, { baseUrls: [] } as never)).toThrow(/unknown option "baseUrls"/);
  });

  it("covers every scenario a handler set has", async () => {
    const { scenarioNames } = await import("../src/control/api");
    expect([...scenarioNames].sort()).toEqual(Object.keys(createPetstoreHandlers().scenario).sort());
    const mock = connectPetstoreMock(api.baseUrl);
    expect(Object.keys(mock.scenario).sort()).toEqual([...scenarioNames].sort());
  });
});

describe("the control API over plain HTTP (curl)", () => {
  it("lists its endpoints, the operations and the scenarios", async () => {
    const { status, body } = await control("GET", "");
    expect(status).toBe(200);
    expect(body?.operations).toEqual(operationIds);
    expect(body?.endpoints).toContain("POST /__petstore/scenarios");
    expect(body?.endpoints).toContain("GET /__petstore/requests");
  });

  it.each([
    [
      "POST",
      "/scenarios",
      { scenario: "explode", operationId: "listPets" },
      /unknown scenario "explode": use serverError, rateLimited, networkError, slow, error/,
    ],
    [
      "POST",
      "/scenarios",
      { scenario: "serverError", operationId: "listPets", tims: 2 },
      /unknown field "tims": use scenario, operationId, times, auth/,
    ],
    ["POST", "/scenarios", { scenario: "slow", operationId: "listPets", ms: -1 }, /ms must be milliseconds from 0 to/],
    [
      "POST",
      "/scenarios",
      { scenario: "serverError", operationId: "listPets", times: 0 },
      /times must be a positive integer/,
    ],
    [
      "POST",
      "/scenarios",
      { scenario: "error", operationId: "getPet", status: 302 },
      /needs an error status from 400 to 599/,
    ],
    [
      "POST",
      "/overrides",
      { operationId: "getPet", status: 201, body: {} },
      /status 201, which the contract does not declare/,
    ],
    [
      "POST",
      "/overrides",
      { operationId: "listPets", status: 200, body: [{ id: "1" }] },
      /body the contract forbids: \/0 must have required property 'name'/,
    ],
    [
      "POST",
      "/overrides",
      { operationId: "listPets", status: 200, body: [], headers: { "bad name": "x" } },
      /headers: /,
    ],
    [
      "POST",
      "/overrides",
      { operationId: "listPets", status: 200, body: [], delay: "soon" },
      /delay must be milliseconds/,
    ],
    ["POST", "/seed", { pets: "many" }, /pets must be an array of Pets, got "many"/],
    ["POST", "/seed", { pets: [{ id: 1 }] }, /pets\[0\] is not a valid Pet: .*name/],
    ["POST", "/seed", { pet: [] }, /unknown field "pet": use pets/],
    ["POST", "/clock", { now: "yesterday" }, /now "yesterday" is not an ISO date/],
    ["POST", "/clock", { now: 1, advance: 2 }, /send one of now .*, advance .* or restore: true/],
    ["POST", "/clock", { advance: 1.5 }, /the clock's step must be whole epoch milliseconds/],
    ["POST", "/scenarios", "{not json", /the body is not valid JSON/],
    ["POST", "/scenarios", "[1]", /the body must be a JSON object/],
    [
      "GET",
      `/requests?operationId=${UNKNOWN_OPERATION}`,
      new RegExp(`requests\\.of needs an operationId \\(${operationIds.join(", ")}\\), got "${UNKNOWN_OPERATION}"`),
    ],
    ["GET", "/requests?since=-1", /since must be an entry index/],
    ["GET", "/requests?after=1", /unknown field "after": use operationId, since/],
  ] as const)("%s %s %j is a 400 naming what is accepted", async (method, path, ...rest) => {
    const [body, message] = rest.length === 2 ? rest : [undefined, rest[0]];
    const answer = await control(method, path, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: "invalid_request", status: 400 });
    expect(answer.body?.message).toMatch(message as RegExp);
  });

  it("answers an unknown path with a 404 and a wrong method with a 405, listing what exists", async () => {
    expect(await control("POST", "/explode")).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect((await control("POST", "/explode")).body?.message).toContain("/__petstore/scenarios");
    const wrong = await fetch(`${api.controlUrl}/reset`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });

  it("answers with the headers of every API answer: X-Request-Id (the caller's or a new one), nosniff, no-store", async () => {
    const names = Object.keys(serviceHeaders("req_x"));
    const fromApi = await fetch(`${api.baseUrl}/pets`, { headers: auth });
    const answers = [
      await fetch(api.controlUrl),
      await fetch(`${api.controlUrl}/reset`, { method: "POST" }),
      await fetch(`${api.controlUrl}/seed`, { method: "POST", body: "[]" }),
      await fetch(`${api.controlUrl}/explode`),
      await fetch(`${api.controlUrl}/reset`),
      await fetch(`${api.controlUrl}/reset`, { method: "POST", headers: { origin: "https://evil.example" } }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 204, 400, 404, 405, 403]);
    const ids = new Set<string>();
    for (const answer of answers) {
      for (const name of names) {
        if (name === "x-request-id") ids.add(answer.headers.get(name) ?? "none");
        else expect(answer.headers.get(name), `${answer.status} ${name}`).toBe(fromApi.headers.get(name));
      }
    }
    expect([...ids].every((id) => /^req_[0-9a-f]{32}$/.test(id))).toBe(true);
    expect(ids.size).toBe(answers.length);
    const traced = await fetch(`${api.controlUrl}/clock`, { headers: { "x-request-id": "trace-42" } });
    expect(traced.headers.get("x-request-id")).toBe("trace-42");
    // Said once: not two Cache-Control values.
    expect(traced.headers.get("cache-control")).toBe("no-store");
  });

  it("leaves the contract paths as they were, whatever it was sent", async () => {
    const bodies = ["", "null", "{}", '{"__proto__":{"x":1}}', "9".repeat(5000), '{"scenario":"toString"}'];
    for (const path of ["", "/reset", "/seed", "/clock", "/scenarios", "/overrides", "/handlers", "/requests"]) {
      for (const method of ["GET", "POST", "DELETE", "PUT"]) {
        for (const body of method === "GET" ? [undefined] : bodies) {
          const { status } = await control(method, path, body);
          expect(status, `${method} ${path} ${String(body).slice(0, 20)}`).toBeLessThan(500);
        }
      }
    }
    await control("POST", "/reset");
    const limit = await fetch(`${api.baseUrl}/pets?limit=0`, { headers: auth });
    expect(limit.status).toBe(400);
    expect(await fetch(`${api.baseUrl}/pets`).then((r) => r.status)).toBe(401);
    expect(await petstore().pets.list()).toEqual([rex]);
  });
});

describe("who may use the control API", () => {
  it("with a control token: a 401 without it, and the contract paths keep their own API keys", async () => {
    const guarded = await startPetstoreMockServer({ controlToken: "s3cret", apiKeys: [KEY] });
    try {
      const refused = await fetch(`${guarded.controlUrl}/reset`, { method: "POST" });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ code: "unauthorized" });
      const wrong = connectPetstoreMock(guarded.baseUrl, { token: "guess" });
      await expect(wrong.reset()).rejects.toThrow(/answered 401: The control API needs the mock's control token/);
      const mock = connectPetstoreMock(guarded.baseUrl, { token: "s3cret" });
      await mock.use(mock.scenario.error("listPets", 503));
      expect((await fetch(`${guarded.baseUrl}/pets`, { headers: auth })).status).toBe(503);
      // The control token is not an API key, nor the reverse.
      expect((await fetch(`${guarded.baseUrl}/pets`, { headers: { authorization: "Bearer s3cret" } })).status).toBe(
        401,
      );
    } finally {
      await guarded.close();
    }
    await expect(startPetstoreMockServer({ controlToken: "has space" })).rejects.toThrow(/controlToken must be/);
  });

  it("without a token, refuses what a web page makes a browser send (an Origin other than its own)", async () => {
    const fromPage = await fetch(`${api.controlUrl}/reset`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "text/plain" },
    });
    expect(fromPage.status).toBe(403);
    expect(((await fromPage.json()) as { message: string }).message).toMatch(
      /refuses requests from web pages \(Origin: https:\/\/evil\.example\)/,
    );
    const sameOrigin = await fetch(`${api.controlUrl}/clock`, { headers: { origin: new URL(api.baseUrl).origin } });
    expect(sameOrigin.status).toBe(200);
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal)?.address;

  it.skipIf(external === undefined)(
    `without a token, only loopback clients: a 403 from ${external ?? "another address"}`,
    async () => {
      const open = await startPetstoreMockServer({ host: "0.0.0.0" });
      try {
        const port = new URL(open.baseUrl).port;
        const remote = await fetch(`http://${external}:${port}/__petstore/reset`, { method: "POST" });
        expect(remote.status).toBe(403);
        expect((await remote.json()).message).toMatch(/loopback clients only; start the mock with a control token/);
        // The API itself answers everyone, as before.
        expect((await fetch(`http://${external}:${port}/v1/pets`, { headers: auth })).status).toBe(200);
        expect((await fetch(`http://127.0.0.1:${port}/__petstore/reset`, { method: "POST" })).status).toBe(204);
      } finally {
        await open.close();
      }
    },
  );
});
