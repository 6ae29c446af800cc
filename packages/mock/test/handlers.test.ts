import { BadRequestError, createPetstoreClient, NotFoundError } from "@petstore/client";
import { operationTable, requestErrorStatuses, requestLimits, type Pet } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createPetstoreHandlers } from "../src/index";
import { allowOf, exampleRequest, routeNames } from "../../../test/helpers/operations.ts";
import { useMockServer } from "./helpers/mock-server";
import { createPetstoreRawClient } from "@petstore/client/raw";

const pets: Pet[] = [
  { id: 1, name: "Rex", categoryId: 1, status: "available" },
  { id: 2, name: "Tom", categoryId: 2, status: "pending" },
  { id: 3, name: "Ada", categoryId: 1 },
];
// Created at the top of the file, before listen() replaces the global fetch, as users write it.
const earlyClient = createPetstoreClient({ apiKey: "test-key", maxRetries: 0 });
const handlers = createPetstoreHandlers({ pets });
useMockServer(handlers);

const baseUrl = "https://api.petstore.example/v1";
const client = () => createPetstoreClient({ apiKey: "test-key", maxRetries: 0, onDeprecation: false });
const rawClient = () => createPetstoreRawClient({ apiKey: "test-key", maxRetries: 0, onDeprecation: false });

describe("createPetstoreHandlers", () => {
  it("is an array of MSW handlers carrying the set's store, base URLs and helpers", () => {
    expect(Array.isArray(handlers)).toBe(true);
    expect(handlers.length).toBeGreaterThan(0);
    expect(handlers.baseUrls).toEqual([baseUrl, "https://staging.api.petstore.example/v1"]);
    expect(typeof handlers.store.reset).toBe("function");
    expect(Object.keys(handlers.scenario).sort()).toEqual([
      "error",
      "networkError",
      "rateLimited",
      "serverError",
      "slow",
    ]);
    expect(Object.keys(handlers.http).sort()).toEqual([
      "delete",
      "get",
      "head",
      "options",
      "patch",
      "post",
      "put",
      "trace",
    ]);
    expect(typeof handlers.override).toBe("function");
  });

  it("answer a client created before listen(): the SDK looks the global fetch up on every call", async () => {
    expect(await earlyClient.pets.list()).toEqual(pets);
  });

  it("lists, creates and gets pets through the SDK like the service", async () => {
    const petstore = client();
    expect(await petstore.pets.list({ limit: 2 })).toEqual(pets.slice(0, 2));
    expect(await petstore.pets.list({ status: "pending" })).toEqual([pets[1]]);
    const created = await petstore.pets.create({ name: "Zed", categoryId: 3, status: "sold" });
    expect(created).toEqual({ id: 4, name: "Zed", categoryId: 3, status: "sold" });
    expect(await petstore.pets.get(4)).toEqual(created);
  });

  it("answers an unknown pet with the service's 404 Error", async () => {
    const error = await client()
      .pets.get(42)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      code: "not_found",
      message: expect.stringContaining("No pet with id 42. List pets with GET /v1/pets"),
    });
  });

  it("validates like the service: a limit of 101 is a 400 Error body", async () => {
    // The SDK refuses limit 101 before sending, so the raw client sends it.
    const { error, response } = await rawClient().GET("/pets", { params: { query: { limit: 101 } } });
    expect(response.status).toBe(400);
    expect(error).toEqual({
      code: "invalid_request",
      message: 'Query parameter limit must be an integer from 1 to 100, got "101".',
      status: 400,
    });
  });

  it("refuses a body the contract forbids with a 400 the SDK throws as BadRequestError", async () => {
    const error = await client()
      .pets.create({ name: "Rex", categoryId: 1, status: "lost" as "sold" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toContain('Body field "status" must be one of');
  });

  it("sends an X-Request-Id on every response, echoing a plain one the caller sent", async () => {
    const fresh = await rawClient().GET("/pets");
    expect(fresh.response.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
    const echoed = await rawClient().GET("/pets", { headers: { "X-Request-Id": "trace-123" } });
    expect(echoed.response.headers.get("x-request-id")).toBe("trace-123");
  });

  it("sends a Location for a created pet", async () => {
    const { response } = await rawClient().POST("/pets", { body: { name: "Zed", categoryId: 3 } });
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe("/v1/pets/4");
  });
});

describe("methods", () => {
  it.each(["MAED", "patch"])(
    "answer %s, which the server's HTTP parser refuses, with a 400 and a fresh request id",
    async (method) => {
      const response = await fetch(`${baseUrl}/pets`, {
        method,
        headers: { authorization: "Bearer test-key", "x-request-id": "mine" },
      });
      expect(response.status).toBe(400);
      expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
      expect(await response.json()).toEqual({
        code: "invalid_request",
        message: `The request method is not a valid HTTP method. Send one of this API's requests: ${routeNames(operationTable, new URL(baseUrl).pathname)}.`,
        status: 400,
      });
    },
  );

  it("answer a method the parser knows but the path does not serve with a 405 and Allow", async () => {
    const response = await fetch(`${baseUrl}/pets`, { method: "PURGE", headers: { authorization: "Bearer test-key" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allowOf(operationTable, "/pets"));
  });
});

// The answers the service gives before an operation runs: each must be a status the operation declares, or the
// handlers refuse to send it (a contract violation, a 500). Every operation of the contract, from its example request.
describe("request errors of every operation, as Error bodies the contract declares", () => {
  const cases = operationTable.flatMap((op) => {
    const request = exampleRequest(op, 1);
    const json = request.body === undefined ? undefined : JSON.stringify(request.body);
    const auth = { authorization: "Bearer test-key" };
    const bad: [string, number, RequestInit & { path?: string }][] = [
      ["no API key", 401, { body: json, headers: { "content-type": "application/json" } }],
    ];
    if (op.path.includes("{"))
      bad.push([
        "a path parameter that is not an id",
        400,
        {
          path: op.path.replace(/\{[^}]+\}/g, "abc"),
          body: json,
          headers: { ...auth, "content-type": "application/json" },
        },
      ]);
    if (op.requestBody) {
      bad.push(
        ["a body that is not JSON", 400, { body: "{", headers: { ...auth, "content-type": "application/json" } }],
        ["a body that is text/plain", 415, { body: json, headers: { ...auth, "content-type": "text/plain" } }],
        [
          "a body over the limit",
          413,
          {
            body: JSON.stringify({ name: "x".repeat(requestLimits.bodyBytes) }),
            headers: { ...auth, "content-type": "application/json" },
          },
        ],
      );
    }
    return bad.map(([what, status, { path, ...init }]) => [op.operationId, what, status, request, path, init] as const);
  });

  it("cover each status x-request-errors lists for security, parameters and bodies", () => {
    const covered = new Set(cases.map(([, , status]) => status));
    const listed = [
      ...requestErrorStatuses.security,
      ...requestErrorStatuses.parameters,
      ...requestErrorStatuses.requestBody,
    ];
    // Two Authorization headers (the other 400 of security) are the service's own test, as is 503 (every).
    expect([...new Set(listed)].sort()).toEqual([...covered].sort());
  });

  it.each(cases)("%s with %s is a %i", async (operationId, _what, status, request, path, init) => {
    const response = await fetch(`${baseUrl}${path ?? request.path}`, { method: request.method, ...init });
    expect(
      response.status,
      `${operationId} must declare ${status} in openapi.yaml: the service answers it (a 500 is the mock refusing to send an undeclared status)`,
    ).toBe(status);
    expect(await response.json()).toMatchObject({ status });
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
  });
});

describe("deprecation headers on getPet", () => {
  const expected = {
    sunset: "Thu, 05 Dec 2030 00:00:00 GMT",
    deprecation: "@1764892800",
    link: '<https://docs.petstore.example/#tag/animals/operation/listPets>; rel="deprecation"; type="text/html"',
  };

  it.each([
    ["a found pet", 1, 200],
    ["an unknown pet", 42, 404],
  ])("are sent for %s", async (_case, petId, status) => {
    const response = await fetch(`${baseUrl}/pets/${petId}`, { headers: { authorization: "Bearer test-key" } });
    expect(response.status).toBe(status);
    expect({
      sunset: response.headers.get("sunset"),
      deprecation: response.headers.get("deprecation"),
      link: response.headers.get("link"),
    }).toEqual(expected);
  });

  it("are not sent by the operations that are not deprecated", async () => {
    const response = await fetch(`${baseUrl}/pets`, { headers: { authorization: "Bearer test-key" } });
    expect(response.headers.get("deprecation")).toBeNull();
    expect(response.headers.get("sunset")).toBeNull();
  });
});
