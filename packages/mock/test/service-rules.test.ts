import { AuthenticationError, createPetstoreClient, InternalServerError, RateLimitError } from "@petstore/client";
import { createPetstoreRawClient } from "@petstore/client/raw";
import { openapiDocument, operationTable, type Pet } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createPetstoreHandlers, petstoreMock } from "../src/index";
import { exampleRequest } from "../../../test/helpers/operations.ts";
import { useMockServer } from "./helpers/mock-server";

const rex: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const handlers = createPetstoreHandlers({ pets: [rex], apiKeys: ["good-key"] });
const server = useMockServer(handlers);
const base = "https://api.petstore.example/v1";

const client = (apiKey = "good-key") => createPetstoreClient({ apiKey, maxRetries: 0, onDeprecation: false });
const rawClient = (apiKey = "good-key") => createPetstoreRawClient({ apiKey, maxRetries: 0, onDeprecation: false });
const noKey = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);

/** getPet's constant response headers, read from the contract's `components.headers` (name → const value). */
function deprecationHeaders(): Record<string, string> {
  const doc = openapiDocument as unknown as {
    paths: Record<
      string,
      Record<string, { responses: Record<string, { headers?: Record<string, { $ref: string }> }> }>
    >;
    components: { headers: Record<string, { schema: { const?: string } }> };
  };
  const refs = doc.paths["/pets/{petId}"]!.get!.responses["200"]!.headers!;
  const out: Record<string, string> = {};
  for (const [name, { $ref }] of Object.entries(refs)) {
    const value = doc.components.headers[$ref.split("/").at(-1)!]!.schema.const;
    if (value !== undefined) out[name.toLowerCase()] = value;
  }
  return out;
}

describe("auth first: a missing or bad key gets the service's 401 before a scenario or override answers", () => {
  it("serverError: a request without a key gets 401, not 500", async () => {
    server.use(petstoreMock.scenario.serverError("listPets"));
    const response = await noKey("/pets");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="petstore"');
    expect(await response.json()).toMatchObject({ code: "unauthorized", status: 401 });
  });

  // Every operation of the contract, by its example request on pet 1, with the 503 every operation declares.
  it.each(operationTable.map((op) => [op.operationId, exampleRequest(op, rex.id)] as const))(
    "%s: a 503 error scenario answers 401 without a key, 503 with a good one",
    async (operationId, request) => {
      server.use(handlers.scenario.error(operationId as "listPets", 503));
      const send = (headers: Record<string, string>) =>
        fetch(`${base}${request.path}`, {
          method: request.method,
          headers: { "content-type": "application/json", ...headers },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        });
      expect((await send({})).status).toBe(401);
      expect((await send({ authorization: "Bearer wrong-key" })).status).toBe(401);
      expect((await send({ authorization: "Bearer good-key" })).status).toBe(503);
    },
  );

  it("rateLimited: a key the handler set does not accept gets 401, not 429; the set's apiKeys apply", async () => {
    server.use(petstoreMock.scenario.rateLimited("listPets"));
    await expect(client("wrong-key").pets.list()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(client().pets.list()).rejects.toBeInstanceOf(RateLimitError);
  });

  it("an override does not answer 200/201 to an unauthenticated request", async () => {
    server.use(
      petstoreMock.override("getPet", ({ json }) => json(200, rex)),
      handlers.http.post("/pets", ({ json }) => json(201, { ...rex, id: 9 })),
    );
    expect((await noKey("/pets/1")).status).toBe(401);
    const created = await noKey("/pets", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Zed", categoryId: 1 }),
    });
    expect(created.status).toBe(401);
    await expect(client("wrong-key").pets.get(1)).rejects.toBeInstanceOf(AuthenticationError);
  });

  it("times counts only answered requests: bad-key requests do not use it up", async () => {
    server.use(handlers.scenario.serverError("listPets", { times: 1 }));
    await expect(client("wrong-key").pets.list()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(client("wrong-key").pets.list()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(client().pets.list()).rejects.toBeInstanceOf(InternalServerError);
    await expect(client().pets.list()).resolves.toEqual([rex]);
  });

  it("once counts only answered requests too", async () => {
    server.use(petstoreMock.override("listPets", ({ json }) => json(200, []), { once: true }));
    expect((await noKey("/pets")).status).toBe(401);
    await expect(client().pets.list()).resolves.toEqual([]);
    await expect(client().pets.list()).resolves.toEqual([rex]);
  });

  it("auth: false opts out per call: the scenario or override answers without a key", async () => {
    server.use(
      petstoreMock.scenario.serverError("listPets", { auth: false }),
      petstoreMock.override("getPet", ({ json }) => json(200, rex), { auth: false }),
    );
    expect((await noKey("/pets")).status).toBe(500);
    expect((await noKey("/pets/1")).status).toBe(200);
  });

  it("refuses an auth option that is not a boolean", () => {
    expect(() => petstoreMock.scenario.serverError("listPets", { auth: "no" as unknown as boolean })).toThrow(
      /auth must be true or false/,
    );
    expect(() => petstoreMock.override("getPet", () => undefined, { auth: 0 as unknown as boolean })).toThrow(
      /auth must be true or false/,
    );
  });
});

describe("overrides send the service's standard headers", () => {
  it("x-request-id (the caller's when sane), Location on a 201", async () => {
    server.use(handlers.override("createPet", ({ json }) => json(201, { id: 42, name: "Zed", categoryId: 1 })));
    const { response } = await rawClient().POST("/pets", {
      body: { name: "Zed", categoryId: 1 },
      headers: { "x-request-id": "req_mine" },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe("/v1/pets/42");
    expect(response.headers.get("x-request-id")).toBe("req_mine");
  });

  it("WWW-Authenticate on a 401", async () => {
    server.use(
      petstoreMock.override("listPets", ({ json }) =>
        json(401, { code: "unauthorized", message: "Key revoked.", status: 401 }),
      ),
    );
    const { response } = await rawClient().GET("/pets");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="petstore"');
  });

  it("getPet's deprecation headers, as the contract declares them, on every status", async () => {
    const expected = deprecationHeaders();
    expect(Object.keys(expected).sort()).toEqual(["deprecation", "link", "sunset"]);
    for (const answer of [200, 404] as const) {
      server.resetHandlers();
      server.use(
        petstoreMock.override("getPet", ({ json }) =>
          answer === 200 ? json(200, rex) : json(404, { code: "not_found", message: "Gone.", status: 404 }),
        ),
      );
      const { response } = await rawClient().GET("/pets/{petId}", { params: { path: { petId: 1 } } });
      expect(response.status).toBe(answer);
      for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name), name).toBe(value);
      expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
    }
  });

  it("a header the override sets wins over the standard one", async () => {
    server.use(
      petstoreMock.override("createPet", ({ json }) =>
        json(201, { ...rex, id: 5 }, { headers: { location: "/elsewhere/5" } }),
      ),
    );
    const { response } = await rawClient().POST("/pets", { body: { name: "Rex", categoryId: 1 } });
    expect(response.headers.get("location")).toBe("/elsewhere/5");
  });
});

describe("impossible ids", () => {
  it("creating after a seed pet with id 2^53 − 1 answers a clear Error, without a stack", async () => {
    const full = createPetstoreHandlers({
      pets: [{ ...rex, id: Number.MAX_SAFE_INTEGER }],
      baseUrls: ["http://full.test/v1"],
    });
    server.use(...full);
    const petstore = createPetstoreClient({ apiKey: "k", baseUrl: "http://full.test/v1", maxRetries: 0 });
    const error = await petstore.pets.create({ name: "Next", categoryId: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as Error).message).toContain("no id left after 9007199254740991");
    const response = await fetch("http://full.test/v1/pets", {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: '{"name":"A","categoryId":1}',
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["code", "message", "status"]);
    expect(body).toMatchObject({ code: "internal_error", status: 500 });
    expect(String(body.message)).not.toMatch(/\n\s+at /);
  });
});
