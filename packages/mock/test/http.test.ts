import { Agent, request as httpRequest } from "node:http";
import type { Socket } from "node:net";
import { createPetstoreClient, InternalServerError, NotFoundError } from "@petstore/client";
import { errorCodeByStatus, operationTable, requestLimits, type Pet } from "@petstore/contract";
import { CORS_ALLOW_HEADERS, messages } from "@petstore/service";
import { getResponse, HttpResponse, http, passthrough } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startPetstoreMockServer,
  type RunningPetstoreMockServer,
  type StartPetstoreMockServerOptions,
} from "../src/http/index";
import { methodsOf, routeNames } from "../../../test/helpers/operations.ts";

const KEY = "test-key";
const rex: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const page = "http://localhost:5173";
const errors: unknown[] = [];
let mock: RunningPetstoreMockServer;

beforeAll(async () => {
  mock = await startPetstoreMockServer({ pets: [rex], apiKeys: [KEY], onError: (error) => errors.push(error) });
});
afterEach(() => {
  mock.resetHandlers();
  mock.handlers.store.reset();
  errors.length = 0;
});
afterAll(() => mock.close());

const auth = { authorization: `Bearer ${KEY}` };
const client = () => createPetstoreClient({ apiKey: KEY, baseUrl: mock.baseUrl, maxRetries: 0, onDeprecation: false });
/** The server's origin, without the base path. */
const origin = () => new URL(mock.baseUrl).origin;

/** Status, headers but those of the connection, and body bytes: what a client can tell of an answer. */
async function seen(response: Response) {
  const headers = [...response.headers].filter(([name]) => !["connection", "date", "keep-alive"].includes(name));
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString("base64") };
}

/** Sends a body of `total` bytes in 64 KiB chunks, stopping at the answer; resolves with it and the bytes sent. */
function sendLargeBody(path: string, total: number, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, " ");
    const request = httpRequest(`${mock.baseUrl}${path}`, { method: "POST", headers, agent: false });
    request.on("error", reject).on("response", (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (text: string) => (body += text));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, sent });
      });
    });
    const write = () => {
      while (sent < total && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      if (!request.destroyed) request.end();
    };
    write();
  });
}

describe("startPetstoreMockServer", () => {
  it("serves the handlers to the SDK over HTTP, and the journal records what it sent", async () => {
    const petstore = client();
    const ada = await petstore.pets.create({ name: "Ada", categoryId: 2 });
    expect(ada).toEqual({ id: 2, name: "Ada", categoryId: 2 });
    expect(await petstore.pets.list()).toEqual([rex, ada]);
    expect(await petstore.pets.get(2)).toEqual(ada);
    await expect(petstore.pets.get(9)).rejects.toBeInstanceOf(NotFoundError);

    expect(mock.handlers.requests.all().map((entry) => [entry.operationId, entry.status])).toEqual([
      ["createPet", 201],
      ["listPets", 200],
      ["getPet", 200],
      ["getPet", 404],
    ]);
    const [create] = mock.handlers.requests.of("createPet");
    expect(create?.url).toBe(`${mock.baseUrl}/pets`);
    expect(create?.body).toEqual({ name: "Ada", categoryId: 2 });
    expect(create?.headers["idempotency-key"]).toMatch(/\S/);
    expect(mock.handlers.store.get(2)).toEqual(ada);
  });

  it.each<[string, RequestInit]>([
    ["/pets/1", { headers: { ...auth, "x-request-id": "same-1" } }],
    ["/pets?limit=0", { headers: { ...auth, "x-request-id": "same-2" } }],
    ["/pets", { headers: { "x-request-id": "same-3", origin: page } }],
    ["/pets/1", { method: "HEAD", headers: { ...auth, "x-request-id": "same-4" } }],
    ["/nowhere", { method: "DELETE", headers: { ...auth, "x-request-id": "same-5" } }],
  ])("answers %s exactly as the handlers answer it in-process", async (path, init) => {
    const over = await seen(await fetch(`${mock.baseUrl}${path}`, init));
    const direct = await getResponse([...mock.handlers], new Request(`${mock.baseUrl}${path}`, init));
    expect(direct).toBeDefined();
    expect(over).toEqual(await seen(direct!));
  });

  it("sends the Location of a 201 and a repeated header as the handlers set them", async () => {
    const response = await fetch(`${mock.baseUrl}/pets`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada", categoryId: 2 }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe("/v1/pets/2");

    mock.use(
      http.get(`${mock.baseUrl}/pets`, () =>
        HttpResponse.json([], {
          headers: [
            ["set-cookie", "a=1"],
            ["set-cookie", "b=2"],
          ],
        }),
      ),
    );
    const cookies = await fetch(`${mock.baseUrl}/pets`, { headers: auth });
    expect(cookies.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });

  it("answers with what use() added, newest first, until resetHandlers()", async () => {
    mock.use(mock.handlers.override("createPet", ({ json }) => json(201, { id: 7, name: "Kit", categoryId: 1 })));
    mock.use(mock.handlers.scenario.serverError("listPets", { times: 1 }));
    mock.use(
      mock.handlers.http.get("/pets/{petId}", ({ params, json }) =>
        json(404, { code: "not_found", message: `Pet ${params.petId} was adopted.`, status: 404 }),
      ),
    );
    const petstore = client();
    await expect(petstore.pets.get(1)).rejects.toThrow("Pet 1 was adopted.");
    await expect(petstore.pets.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(await petstore.pets.list()).toEqual([rex]);
    const created = await fetch(`${mock.baseUrl}/pets`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Kit", categoryId: 1 }),
    });
    expect(created.headers.get("location")).toBe("/v1/pets/7");
    expect(mock.handlers.requests.of("listPets").map((entry) => entry.status)).toEqual([500, 200]);

    mock.resetHandlers();
    expect(await petstore.pets.get(1)).toEqual(rex);
  });

  it("answers a preflight from another origin, then the request itself with CORS headers", async () => {
    const preflight = await fetch(`${mock.baseUrl}/pets`, {
      method: "OPTIONS",
      headers: {
        origin: page,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type, idempotency-key",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBe(methodsOf(operationTable, "/pets").join(", "));
    expect(preflight.headers.get("access-control-allow-headers")).toBe(CORS_ALLOW_HEADERS);
    const listed = await fetch(`${mock.baseUrl}/pets`, { headers: { ...auth, origin: page } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers a path outside the base path with the service's 404 Error, CORS headers included", async () => {
    const response = await fetch(`${origin()}/pets?limit=1`, { headers: { ...auth, origin: page } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await response.json()).toEqual({
      code: errorCodeByStatus[404],
      message: messages.notFound("GET", "/pets", routeNames(operationTable, new URL(mock.baseUrl).pathname)),
      status: 404,
    });
    // Nothing under the base URL was called, so the handler set recorded nothing.
    expect(mock.handlers.requests.length).toBe(0);
  });

  it("refuses a body over the contract's limit with its 413, after the 401 the service gives first", async () => {
    const tooLarge = JSON.stringify({ name: "x".repeat(requestLimits.bodyBytes), categoryId: 1 });
    const post = (headers: Record<string, string>) =>
      fetch(`${mock.baseUrl}/pets`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: tooLarge,
      });
    const refused = await post(auth);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({
      code: errorCodeByStatus[413],
      message: messages.bodyTooLarge(requestLimits.bodyBytes),
      status: 413,
    });
    expect((await post({ authorization: "Bearer wrong-key" })).status).toBe(401);
    expect(mock.handlers.store.all()).toEqual([rex]);
  });

  it("answers a body that goes on and on with the 413 before the client has sent it all", async () => {
    const total = 256 * 1024 * 1024;
    const answer = await sendLargeBody("/pets", total, { ...auth, "content-type": "application/json" });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: errorCodeByStatus[413] });
    expect(answer.sent).toBeLessThan(total);
    expect(await client().pets.list()).toEqual([rex]);
  });

  it("answers a handler that throws with the service's 500 Error, reports the error and keeps serving", async () => {
    const failure = new Error("the override broke");
    mock.use(
      mock.handlers.override("getPet", () => {
        throw failure;
      }),
    );
    const response = await fetch(`${mock.baseUrl}/pets/1`, { headers: { ...auth, "x-request-id": "broken-1" } });
    expect(response.status).toBe(500);
    expect(response.headers.get("x-request-id")).toBe("broken-1");
    expect(await response.json()).toEqual({
      code: errorCodeByStatus[500],
      message: messages.internalError("broken-1"),
      status: 500,
    });
    expect(errors).toEqual([failure]);
    expect(await client().pets.list()).toEqual([rex]);
  });

  it("drops the connection for a networkError scenario, as fetch then reports", async () => {
    mock.use(mock.handlers.scenario.networkError("listPets", { times: 1 }));
    await expect(fetch(`${mock.baseUrl}/pets`, { headers: auth })).rejects.toThrow(TypeError);
    expect(await client().pets.list()).toEqual([rex]);
  });

  it("answers a method fetch cannot send as the server does: 405 with Allow on an API path", async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      httpRequest(`${mock.baseUrl}/pets`, { method: "TRACE", headers: auth, agent: false }, (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      })
        .on("error", reject)
        .end();
    });
    expect(status).toBe(405);
    const { message } = JSON.parse(body) as { message: string };
    expect(message).toContain("TRACE");
    expect(message).not.toMatch(/\.\.$/);
    expect(errors).toEqual([]);
  });

  it("hands a request an override passes through (MSW's passthrough()) to the set's own handlers", async () => {
    let seenName: unknown;
    mock.use(
      http.post(`${mock.baseUrl}/pets`, async ({ request }) => {
        seenName = ((await request.json()) as { name: string }).name;
        return passthrough();
      }),
      http.get(`${mock.baseUrl}/pets`, () => passthrough()),
    );
    const listed = await fetch(`${mock.baseUrl}/pets`, { headers: auth, redirect: "manual" });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("x-msw-intention")).toBeNull();
    expect(await listed.json()).toEqual([rex]);
    // The override read the body, and the set still gets all of it.
    const created = await client().pets.create({ name: "Fido", categoryId: 2 });
    expect(seenName).toBe("Fido");
    expect(created).toMatchObject({ name: "Fido", categoryId: 2 });
  });

  it("answers an override that returns no Response with a 500 and reports what it returned", async () => {
    mock.use(http.get(`${mock.baseUrl}/pets`, () => "hello" as unknown as Response));
    const response = await fetch(`${mock.baseUrl}/pets`, { headers: auth });
    expect(response.status).toBe(500);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/TypeError|Response/);
  });
});

describe("an onError that throws", () => {
  it("ends no process: the client gets its 500, the error is printed, and the server goes on", async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    const printed = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const strict = await startPetstoreMockServer({
      pets: [rex],
      apiKeys: [KEY],
      onError: (error) => {
        throw error;
      },
    });
    try {
      strict.use(
        strict.handlers.override("listPets", () => {
          throw new Error("the override broke");
        }),
      );
      const response = await fetch(`${strict.baseUrl}/pets`, { headers: auth });
      expect(response.status).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rejections).toEqual([]);
      expect(String(printed.mock.calls.at(-1)?.[1])).toContain("the override broke");
      strict.resetHandlers();
      expect(await (await fetch(`${strict.baseUrl}/pets`, { headers: auth })).json()).toEqual([rex]);
    } finally {
      process.off("unhandledRejection", onRejection);
      printed.mockRestore();
      await strict.close();
    }
  });
});

describe("close()", () => {
  it("ends an idle keep-alive connection and a request still waiting for its answer, then resolves", async () => {
    const server = await startPetstoreMockServer({ latency: "infinite" });
    const agent = new Agent({ keepAlive: true });
    try {
      // Answered at once (outside the base path, so without the latency); its socket then idles in the agent.
      const idle = await new Promise<Socket>((resolve, reject) => {
        const request = httpRequest(`${new URL(server.baseUrl).origin}/outside`, { agent }, (response) => {
          response.resume().once("end", () => resolve(request.socket!));
        });
        request.on("error", reject).end();
      });
      expect(idle.destroyed).toBe(false);
      const idleClosed = new Promise((resolve) => idle.once("close", resolve));
      let arrived!: () => void;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      server.use(
        http.get(`${server.baseUrl}/pets`, () => {
          arrived();
          return undefined; // on to the handler set, which waits forever
        }),
      );
      const waiting = fetch(`${server.baseUrl}/pets`, { headers: auth }).catch((error: unknown) => error);
      await arrival;
      await server.close();
      await idleClosed;
      expect(await waiting).toBeInstanceOf(TypeError);
      await expect(fetch(`${server.baseUrl}/pets`, { headers: auth })).rejects.toThrow(TypeError);
      await expect(server.close()).resolves.toBeUndefined();
    } finally {
      agent.destroy();
    }
  });
});

describe("options", () => {
  it("listens on the port and host asked for, with the host in brackets when it is IPv6", async () => {
    const ipv6 = await startPetstoreMockServer({ host: "::1" });
    try {
      expect(ipv6.baseUrl).toMatch(/^http:\/\/\[::1\]:\d+\/v1$/);
      const port = Number(new URL(ipv6.baseUrl).port);
      await expect(startPetstoreMockServer({ host: "::1", port })).rejects.toThrow(
        `[@petstore/mock] startPetstoreMockServer: port ${port} on ::1 is in use; pass another port, or 0 for a free one`,
      );
      const petstore = createPetstoreClient({ apiKey: "any-key", baseUrl: ipv6.baseUrl, maxRetries: 0 });
      expect(await petstore.pets.list()).toEqual([]);
    } finally {
      await ipv6.close();
    }
  });

  it.each<[string, unknown, ErrorConstructor, RegExp]>([
    [
      "a fractional port",
      { port: 1.5 },
      TypeError,
      /startPetstoreMockServer: port must be an integer from 0 to 65535, got 1\.5/,
    ],
    ["a port as a string", { port: "4010" }, TypeError, /port must be an integer from 0 to 65535, got 4010/],
    ["a port out of range", { port: 65_536 }, RangeError, /port must be an integer from 0 to 65535, got 65536/],
    ["an empty host", { host: "" }, TypeError, /startPetstoreMockServer: host must be a non-empty string/],
    ["onError that is not a function", { onError: "log" }, TypeError, /onError must be a function, got "log"/],
    ["baseUrls, which the server sets", { baseUrls: ["http://x.test/v1"] }, TypeError, /unknown option "baseUrls"/],
    ["a handler option it refuses", { apiKeys: [] }, TypeError, /apiKeys must be a non-empty array/],
    ["null", null, TypeError, /startPetstoreMockServer options must be an object/],
  ])("refuses %s before listening", async (_name, options, type, message) => {
    const listening = () => process.getActiveResourcesInfo().filter((name) => name === "TCPServerWrap").length;
    const before = listening();
    const error = await startPetstoreMockServer(options as StartPetstoreMockServerOptions).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect(String(error)).toMatch(message);
    expect(String(error)).toMatch(/^\w+Error: \[@petstore\/mock\] /);
    expect(listening()).toBe(before);
  });
});
