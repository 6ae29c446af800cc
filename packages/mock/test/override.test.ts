import {
  ConnectionError,
  createPetstoreClient,
  InternalServerError,
  NotFoundError,
  type DeprecationInfo,
} from "@petstore/client";
import { operationTable, type Pet } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import {
  createOverrides,
  createPetstoreHandlers,
  json,
  networkError,
  PetstoreContractViolation,
  petstoreMock,
} from "../src/index";
import { UNKNOWN_OPERATION } from "../../../test/helpers/operations.ts";
import { useMockServer } from "./helpers/mock-server";

/** `text` as a RegExp matching it literally. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
import { createPetstoreRawClient } from "@petstore/client/raw";

const rex: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const handlers = createPetstoreHandlers({ pets: [rex] });
const server = useMockServer(handlers);

const client = (options: { onDeprecation?: (info: DeprecationInfo) => void } = {}) =>
  createPetstoreClient({ apiKey: "test-key", maxRetries: 0, onDeprecation: options.onDeprecation ?? false });

describe("petstoreMock.http", () => {
  it("get: answers with the override, which sees the decoded path parameter", async () => {
    server.use(
      petstoreMock.http.get("/pets/{petId}", ({ params, json }) =>
        json(200, { id: Number(params.petId), name: `Pet ${params.petId}`, categoryId: 9 }),
      ),
    );
    expect(await client().pets.get(77)).toEqual({ id: 77, name: "Pet 77", categoryId: 9 });
  });

  it("get: sees the query parameters as sent, and the normal handler answers when it returns undefined", async () => {
    const seen: unknown[] = [];
    server.use(
      petstoreMock.http.get("/pets", ({ query }) => {
        seen.push(query);
        return undefined;
      }),
    );
    expect(await client().pets.list({ limit: 5, status: "available" })).toEqual([rex]);
    expect(seen).toEqual([{ limit: "5", status: "available" }]);
  });

  it("post: reads the typed request body; after it passes, the normal handler still reads the body and creates the pet", async () => {
    const names: string[] = [];
    server.use(
      petstoreMock.http.post("/pets", async ({ request }) => {
        names.push((await request.json()).name);
        return undefined;
      }),
    );
    const pet = await client().pets.create({ name: "Zed", categoryId: 2 });
    expect(names).toEqual(["Zed"]);
    expect(handlers.store.get(pet.id)).toEqual(pet);
  });

  it("post: answers an Error the contract declares, which the SDK throws", async () => {
    server.use(
      petstoreMock.http.post("/pets", ({ json }) =>
        json(415, { code: "unsupported_media_type", message: "Send JSON.", status: 415 }),
      ),
    );
    const error = await client()
      .pets.create({ name: "Zed", categoryId: 2 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 415, code: "unsupported_media_type" });
  });

  it("adds the headers the service always sends (X-Request-Id, getPet's deprecation headers) and keeps the override's own", async () => {
    server.use(
      petstoreMock.http.get("/pets/{petId}", ({ json, requestId }) =>
        json(200, rex, { headers: { "x-cache": "hit", "x-seen-id": requestId } }),
      ),
    );
    const { response } = await createPetstoreRawClient({ apiKey: "test-key", maxRetries: 0, onDeprecation: false }).GET(
      "/pets/{petId}",
      { params: { path: { petId: 1 } } },
    );
    expect(response.headers.get("x-cache")).toBe("hit");
    expect(response.headers.get("x-request-id")).toBe(response.headers.get("x-seen-id"));
    expect(response.headers.get("deprecation")).toBe("@1764892800");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("lets a test announce a deprecation on another operation through headers, which the SDK reports", async () => {
    server.use(
      petstoreMock.http.get("/pets", ({ json }) =>
        json(200, [rex], { headers: { deprecation: "@1893456000", sunset: "Sat, 01 Jan 2033 00:00:00 GMT" } }),
      ),
    );
    const seen: DeprecationInfo[] = [];
    await client({ onDeprecation: (info) => seen.push(info) }).pets.list();
    expect(seen).toEqual([
      expect.objectContaining({
        source: "headers",
        deprecatedAt: new Date("2030-01-01T00:00:00Z"),
        sunset: new Date("2033-01-01T00:00:00Z"),
      }),
    ]);
  });
});

describe("override(operationId)", () => {
  it("overrides by operationId", async () => {
    server.use(
      petstoreMock.override("getPet", ({ json }) => json(404, { code: "not_found", message: "Gone.", status: 404 })),
    );
    await expect(client().pets.get(1)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("once: answers only the first request, then the normal handler answers", async () => {
    server.use(petstoreMock.override("listPets", ({ json }) => json(200, []), { once: true }));
    expect(await client().pets.list()).toEqual([]);
    expect(await client().pets.list()).toEqual([rex]);
  });

  it("networkError (from the resolver or the export) fails the request", async () => {
    server.use(petstoreMock.override("listPets", ({ networkError }) => networkError(), { once: true }));
    server.use(petstoreMock.override("getPet", () => networkError()));
    await expect(client().pets.list()).rejects.toBeInstanceOf(ConnectionError);
    await expect(client().pets.get(1)).rejects.toBeInstanceOf(ConnectionError);
  });

  it("accepts the exported json() and petstoreMock.json() as well as the resolver's", async () => {
    server.use(petstoreMock.override("listPets", () => json(200, [rex, { ...rex, id: 2 }]), { once: true }));
    server.use(
      petstoreMock.override("getPet", () => petstoreMock.json(200, { ...rex, name: "Via petstoreMock.json" }), {
        once: true,
      }),
    );
    expect(await client().pets.list()).toHaveLength(2);
    expect((await client().pets.get(1)).name).toBe("Via petstoreMock.json");
  });
});

describe("overrides of a handler set and createOverrides", () => {
  const local = "http://localhost:3999/v1";

  it("a set's .http and .override apply under its base URLs", async () => {
    const custom = createPetstoreHandlers({ pets: [rex], baseUrls: [local] });
    server.use(...custom);
    const petstore = createPetstoreClient({ apiKey: "k", baseUrl: local, maxRetries: 0, onDeprecation: false });
    server.use(petstoreMock.http.get("/pets", ({ json }) => json(200, [])));
    expect(await petstore.pets.list()).toEqual([rex]);
    server.use(custom.http.get("/pets", ({ json }) => json(200, [])));
    expect(await petstore.pets.list()).toEqual([]);
    server.use(custom.override("getPet", ({ json }) => json(200, { ...rex, name: "Local" })));
    expect((await petstore.pets.get(1)).name).toBe("Local");
  });

  it("createOverrides binds overrides to given base URLs, and an override may name its own", async () => {
    server.use(...createPetstoreHandlers({ pets: [rex], baseUrls: [local] }));
    const overrides = createOverrides({ baseUrls: [local] });
    server.use(
      overrides.override("listPets", ({ json }) => json(200, [])),
      petstoreMock.override("getPet", ({ json }) => json(200, { ...rex, name: "Named" }), { baseUrls: [local] }),
    );
    const petstore = createPetstoreClient({ apiKey: "k", baseUrl: local, maxRetries: 0, onDeprecation: false });
    expect(await petstore.pets.list()).toEqual([]);
    expect((await petstore.pets.get(1)).name).toBe("Named");
  });
});

describe("an override the contract forbids is reported", () => {
  /** What MSW does with an exception thrown in a handler: a 500 whose JSON body names the error, plus an event. */
  async function violation(path: string, init: RequestInit = {}) {
    const thrown: Error[] = [];
    server.events.on("unhandledException", ({ error }) => thrown.push(error));
    const response = await fetch(`https://api.petstore.example/v1${path}`, {
      ...init,
      headers: { authorization: "Bearer test-key", "content-type": "application/json" },
    });
    server.events.removeAllListeners("unhandledException");
    return { response, body: (await response.json()) as { name: string; message: string }, thrown };
  }

  it.each<[string, () => void, string, RegExp]>([
    [
      "a body the contract forbids for the status",
      () => server.use(petstoreMock.http.get("/pets/{petId}", ({ json }) => json(200, { id: 1, name: "Rex" } as Pet))),
      "/pets/1",
      /the override answered getPet \(GET \/pets\/\{petId\}\) with a 200 body the contract forbids: \(root\) must have required property 'categoryId'/,
    ],
    [
      "a status the operation does not declare",
      () => server.use(petstoreMock.override("getPet", ({ json }) => json(201 as 200, rex))),
      "/pets/1",
      /the override answered getPet \(GET \/pets\/\{petId\}\) with status 201, which the contract does not declare for it/,
    ],
    [
      "an Error body whose status is not the HTTP status",
      () =>
        server.use(
          petstoreMock.override("listPets", ({ json }) =>
            json(404, { code: "not_found", message: "No.", status: 400 }),
          ),
        ),
      "/pets",
      /Error body whose status 400 is not the HTTP status 404/,
    ],
    [
      "a body that is not JSON",
      () => server.use(petstoreMock.override("listPets", () => new Response("<html>", { status: 200 }) as never)),
      "/pets",
      /the override of listPets answered 200 with a body that is not JSON \("<html>"\); use json\(status, body\)/,
    ],
    [
      "something that is not a Response",
      () => server.use(petstoreMock.override("listPets", () => [rex] as never)),
      "/pets",
      /the override of listPets returned \[\{"id":1.*; return json\(status, body\), networkError\(\) or undefined/,
    ],
  ])("%s: MSW answers 500 with the PetstoreContractViolation", async (_case, use, path, message) => {
    use();
    const { response, body, thrown } = await violation(path);
    expect(response.status).toBe(500);
    expect(body.name).toBe("PetstoreContractViolation");
    expect(body.message).toMatch(message);
    expect(body.message).toMatch(/^\[@petstore\/mock\] /);
    expect(thrown).toHaveLength(1);
    expect(thrown[0]).toBeInstanceOf(PetstoreContractViolation);
  });

  it("reaches the SDK as an InternalServerError carrying the violation's message (use maxRetries 0, or a once override is hidden by the retry)", async () => {
    server.use(
      petstoreMock.override("listPets", ({ json }) => json(200, [{ ...rex, status: "lost" }] as unknown as Pet[])),
    );
    const error = await client()
      .pets.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as Error).message).toMatch(
      /the override answered listPets .* with a 200 body the contract forbids: \/0\/status must be equal to one of the allowed values/,
    );
  });
});

describe("bad arguments", () => {
  it.each<[string, () => unknown, RegExp]>([
    [
      "a path the contract does not have",
      () => petstoreMock.http.get("/pet" as "/pets", () => undefined),
      new RegExp(
        escapeRegExp(
          `the contract has no GET "/pet": use one of ${operationTable.map((op) => `http.${op.method.toLowerCase()}(${JSON.stringify(op.path)})`).join(", ")}`,
        ),
      ),
    ],
    [
      "a method the path does not have",
      () => petstoreMock.http.post("/pets/{petId}" as "/pets", () => undefined),
      /the contract has no POST "\/pets\/\{petId\}": use one of .*http\.post\("\/pets"\)/,
    ],
    [
      "an unknown operationId",
      () => petstoreMock.override(UNKNOWN_OPERATION as "getPet", () => undefined),
      new RegExp(`unknown operation "${UNKNOWN_OPERATION}"`),
    ],
    [
      "a resolver that is not a function",
      () => petstoreMock.override("getPet", { status: 200 } as never),
      /the override of getPet needs a resolver function/,
    ],
    [
      "bad baseUrls",
      () => petstoreMock.override("getPet", () => undefined, { baseUrls: [] }),
      /baseUrls must be a non-empty array/,
    ],
    [
      "a status outside HTTP's range",
      () => json(99, {}),
      /json\(status, body\) needs an HTTP status from 200 to 599, got 99/,
    ],
    [
      "json init that is not an object",
      () => json(200, {}, null as never),
      /json\(status, body, init\): init must be an object with headers, got null/,
    ],
    [
      "once that is not a boolean",
      () => petstoreMock.override("listPets", () => undefined, { once: "yes" as unknown as boolean }),
      /the listPets override's once must be true or false, got "yes"/,
    ],
    [
      "a misspelt override option",
      () => petstoreMock.override("getPet", () => undefined, { Once: true } as never),
      /the options of the getPet override: unknown option "Once": use baseUrls, once/,
    ],
    [
      "null override options",
      () => petstoreMock.override("getPet", () => undefined, null as never),
      /the options of the getPet override must be an object/,
    ],
    [
      "a misspelt createOverrides option, at once",
      () => createOverrides({ baseUrl: "http://localhost:3000/v1" } as never),
      /createOverrides: unknown option "baseUrl": use baseUrls/,
    ],
  ])("refuses %s with a clear error", (_case, call, message) => {
    expect(call).toThrow(message);
    expect(call).toThrow(/^\[@petstore\/mock\] /);
  });
});
