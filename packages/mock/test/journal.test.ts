import { createPetstoreClient } from "@petstore/client";
import { operationTable, type Pet } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createPetstoreHandlers, petstoreMock } from "../src/index";
import { UNKNOWN_OPERATION } from "../../../test/helpers/operations.ts";
import { useMockServer } from "./helpers/mock-server";

const rex: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const handlers = createPetstoreHandlers({ pets: [rex] });
const server = useMockServer(handlers);
const client = (options: { maxRetries?: number } = {}) =>
  createPetstoreClient({ apiKey: "test-key", maxRetries: 0, onDeprecation: false, sleep: async () => {}, ...options });

describe("handlers.requests", () => {
  it("records each answered request: operationId, method, URL, params, query, body, headers and status", async () => {
    await client().pets.list({ limit: 5, status: "available" });
    await client().pets.get(1);
    const created = await client().pets.create({ name: "Zed", categoryId: 2 });
    expect(handlers.requests.length).toBe(3);
    const [list, get, create] = handlers.requests.all();
    expect(list).toMatchObject({
      operationId: "listPets",
      method: "GET",
      url: "https://api.petstore.example/v1/pets?limit=5&status=available",
      params: {},
      query: { limit: "5", status: "available" },
      status: 200,
    });
    expect(list?.body).toBeUndefined();
    expect(get).toMatchObject({ operationId: "getPet", params: { petId: "1" }, query: {}, status: 200 });
    expect(create).toMatchObject({
      operationId: "createPet",
      method: "POST",
      body: { name: "Zed", categoryId: 2 },
      status: 201,
    });
    expect(create?.headers.authorization).toBe("Bearer test-key");
    expect(created.id).toBe(2);
  });

  it("is iterable and filterable by operation; store.reset() clears it", async () => {
    await client().pets.list();
    await client().pets.create({ name: "A", categoryId: 1 });
    await client().pets.create({ name: "B", categoryId: 1 });
    expect([...handlers.requests].map((entry) => entry.operationId)).toEqual(["listPets", "createPet", "createPet"]);
    expect(handlers.requests.of("createPet").map((entry) => entry.body?.name)).toEqual(["A", "B"]);
    expect(handlers.requests.of("getPet")).toEqual([]);
    handlers.store.reset();
    expect(handlers.requests.length).toBe(0);
    expect(handlers.requests.all()).toEqual([]);
  });

  it("records refused requests too: 400s with the body as sent, 401s, and paths outside the contract", async () => {
    const base = "https://api.petstore.example/v1";
    await fetch(`${base}/pets`, {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: '{"name":""}',
    });
    await fetch(`${base}/pets`);
    await fetch(`${base}/owners?x=1`, { headers: { authorization: "Bearer k" } });
    expect(handlers.requests.all().map(({ operationId, status, body }) => ({ operationId, status, body }))).toEqual([
      { operationId: "createPet", status: 400, body: { name: "" } },
      { operationId: "listPets", status: 401, body: undefined },
      { operationId: undefined, status: 404, body: undefined },
    ]);
    expect(handlers.requests.all()[2]?.query).toEqual({ x: "1" });
  });

  it("includes what the set's scenarios and overrides and petstoreMock's answered: a retried create is one Idempotency-Key sent twice", async () => {
    server.use(
      petstoreMock.scenario.serverError("createPet", { times: 1 }),
      handlers.override("getPet", ({ json }) => json(200, { ...rex, name: "Override" })),
    );
    await client({ maxRetries: 1 }).pets.create({ name: "Ada", categoryId: 1 });
    await client().pets.get(1);
    const creates = handlers.requests.of("createPet");
    expect(creates.map((entry) => entry.status)).toEqual([500, 201]);
    const key = creates[0]?.headers["idempotency-key"];
    expect(key).toMatch(/.+/);
    expect(creates[1]?.headers["idempotency-key"]).toBe(key);
    expect(handlers.requests.of("getPet").map((entry) => entry.status)).toEqual([200]);
  });

  it("records a network error as status 0", async () => {
    server.use(handlers.scenario.networkError("listPets", { times: 1 }));
    await client()
      .pets.list()
      .catch(() => undefined);
    expect(handlers.requests.of("listPets").map((entry) => entry.status)).toEqual([0]);
  });

  it("refuses an unknown operationId", () => {
    expect(() => handlers.requests.of(UNKNOWN_OPERATION as "getPet")).toThrow(
      `requests.of needs an operationId (${operationTable.map((op) => op.operationId).join(", ")}), got "${UNKNOWN_OPERATION}"`,
    );
  });

  it("belongs to its set: another set's requests are not in it", async () => {
    const other = createPetstoreHandlers({ baseUrls: ["http://other.test/v1"] });
    server.use(...other);
    await createPetstoreClient({ apiKey: "k", baseUrl: "http://other.test/v1" }).pets.list();
    expect(other.requests.of("listPets")).toHaveLength(1);
    expect(handlers.requests.length).toBe(0);
  });
});
