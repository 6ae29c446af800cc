import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createPetstoreClient, NotFoundError, type PetstoreClient } from "@petstore/client";
import { getResponse } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPetstoreHandlers } from "../../src/index";
import { contractPath, startPrism, type RunningPrism, type StartPrismOptions } from "../../src/prism/index";
import { createPetstoreRawClient } from "@petstore/client/raw";

// Prism and the handlers side by side: Prism over real HTTP, the handlers through MSW's getResponse (no interception,
// so nothing here patches fetch). The README's "Prism vs the handlers" table states what these tests measure.
let prism: RunningPrism;
let dynamicPrism: RunningPrism;
beforeAll(async () => {
  [prism, dynamicPrism] = await Promise.all([startPrism(), startPrism({ dynamic: true })]);
}, 90_000);
afterAll(async () => {
  await Promise.all([prism?.stop(), dynamicPrism?.stop()]);
});

const sdk = (baseUrl: string, apiKey = "any-token-at-all"): PetstoreClient =>
  createPetstoreClient({ apiKey, baseUrl, maxRetries: 0, onDeprecation: false });
const auth = { authorization: "Bearer any-token-at-all" };
const jsonPost = (body: string): RequestInit => ({
  method: "POST",
  headers: { ...auth, "content-type": "application/json" },
  body,
});

const handlers = createPetstoreHandlers({ pets: [{ id: 1, name: "Rex", categoryId: 1, status: "available" }] });
const mockBase = handlers.baseUrls[0]!;
/** One request to the handlers, answered in-process by MSW's getResponse. */
async function toHandlers(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await getResponse(handlers, new Request(`${mockBase}${path}`, init));
  if (!response) throw new Error(`the handlers did not answer ${path}`);
  return response;
}
const toPrism = (path: string, init: RequestInit = {}) => fetch(`${prism.baseUrl}${path}`, init);

describe("startPrism, driven by the SDK", () => {
  it("prints a base URL at Prism's root (no /v1) on the requested interface", () => {
    expect(prism.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("accepts any bearer token and serves the contract's examples", async () => {
    expect(await sdk(prism.baseUrl, "one-token").pets.list()).toEqual([
      { id: 1, name: "Rex", categoryId: 1, status: "available" },
      { id: 2, name: "Tom", categoryId: 2, status: "pending" },
    ]);
    expect(await sdk(prism.baseUrl, "another-token").pets.get(1)).toEqual({
      id: 1,
      name: "Rex",
      categoryId: 1,
      status: "available",
    });
  });

  it("answers 401 without an Authorization header", async () => {
    const response = await toPrism("/pets");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthorized", status: 401 });
  });

  it("answers a limit of 101 with 400 (the SDK refuses it before sending, so the raw client sends it)", async () => {
    const { error, response } = await createPetstoreRawClient({
      apiKey: "any-token-at-all",
      baseUrl: prism.baseUrl,
      maxRetries: 0,
      onDeprecation: false,
    }).GET("/pets", { params: { query: { limit: 101 } } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: "invalid_request", status: 400 });
  });

  it("picks another declared response with Prism's Prefer header", async () => {
    const error = await sdk(prism.baseUrl)
      .pets.get(1, { headers: { Prefer: "code=404" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it("with dynamic: true, generates bodies from the schemas instead of the examples", async () => {
    const pets = await sdk(dynamicPrism.baseUrl).pets.list();
    expect(pets).not.toEqual(await sdk(prism.baseUrl).pets.list());
  });
});

describe("Prism vs the handlers (the README's table)", () => {
  it("state: Prism keeps none; the handlers store what is created", async () => {
    const prismPet = await sdk(prism.baseUrl).pets.create({ name: "Zed", categoryId: 9 });
    expect(prismPet).toEqual({ id: 3, name: "Rex", categoryId: 1, status: "available" });
    expect(await sdk(prism.baseUrl).pets.list()).toHaveLength(2);
    expect((await sdk(prism.baseUrl).pets.get(999)).id).toBe(1);

    const created = await toHandlers("/pets", jsonPost(JSON.stringify({ name: "Zed", categoryId: 9 })));
    expect(await created.json()).toEqual({ id: 2, name: "Zed", categoryId: 9 });
    expect(await (await toHandlers("/pets", { headers: auth })).json()).toHaveLength(2);
    expect((await toHandlers("/pets/999", { headers: auth })).status).toBe(404);
    handlers.store.reset();
  });

  it.each([
    { sent: "no Authorization header", headers: {} as Record<string, string>, prism: 401, handlers: 401 },
    { sent: "another scheme", headers: { authorization: "Basic dXNlcjpwYXNz" }, prism: 401, handlers: 401 },
    { sent: "a lowercase bearer scheme", headers: { authorization: "bearer any-token" }, prism: 401, handlers: 200 },
    { sent: "any bearer token", headers: { authorization: "Bearer any-token" }, prism: 200, handlers: 200 },
  ])(
    "auth, $sent: Prism $prism, the handlers $handlers",
    async ({ headers, prism: prismStatus, handlers: handlersStatus }) => {
      expect((await toPrism("/pets", { headers })).status).toBe(prismStatus);
      expect((await toHandlers("/pets", { headers })).status).toBe(handlersStatus);
    },
  );

  it("auth: the handlers can accept only given keys; Prism cannot", async () => {
    const strict = createPetstoreHandlers({ apiKeys: ["the-key"] });
    const response = await getResponse(
      strict,
      new Request(`${mockBase}/pets`, { headers: { authorization: "Bearer not-the-key" } }),
    );
    expect(response?.status).toBe(401);
  });

  it.each([
    ["an unknown status", "/pets?status=lost"],
    ["a limit of 0", "/pets?limit=0"],
  ])("validation, %s: both 400, but Prism always sends the contract's one example body", async (_case, path) => {
    const fromPrism = await toPrism(path, { headers: auth });
    expect(fromPrism.status).toBe(400);
    expect(await fromPrism.json()).toEqual({
      code: "invalid_request",
      message: "limit must be an integer from 1 to 100.",
      status: 400,
    });
    expect(fromPrism.headers.get("sl-violations")).toContain('"severity":"Error"');
    const fromHandlers = await toHandlers(path, { headers: auth });
    expect(fromHandlers.status).toBe(400);
    expect((await fromHandlers.json()).message).toMatch(/^Query parameter (status|limit) must be/);
  });

  it("validation of a body: Prism 400 with the same example message; the handlers name the field", async () => {
    const body = JSON.stringify({ name: "", categoryId: 1 });
    const fromPrism = await toPrism("/pets", jsonPost(body));
    expect(fromPrism.status).toBe(400);
    expect((await fromPrism.json()).message).toBe("limit must be an integer from 1 to 100.");
    const fromHandlers = await toHandlers("/pets", jsonPost(body));
    expect((await fromHandlers.json()).message).toBe('Body field "name" must be a string of 1 to 255 characters.');
  });

  it("validation where an operation declares no 400: Prism answers 422 with the default response's example", async () => {
    // A copy of the contract without listPets' 400, served by the Prism CLI itself (startPrism serves the real one).
    const folder = await mkdtemp(path.join(os.tmpdir(), "petstore-prism-422-"));
    const yaml = readFileSync(contractPath(), "utf8");
    const declared400 = '        "400":\n          $ref: "#/components/responses/BadRequest"\n';
    expect(yaml.indexOf(declared400)).toBeGreaterThan(-1);
    await writeFile(path.join(folder, "openapi.yaml"), yaml.replace(declared400, ""));
    const cli = path.join(
      path.dirname(createRequire(import.meta.url).resolve("@stoplight/prism-cli/package.json")),
      "dist/index.js",
    );
    const child = spawn(
      process.execPath,
      [cli, "mock", path.join(folder, "openapi.yaml"), "-h", "127.0.0.1", "-p", "0"],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Prism is listening on (http:\/\/\S+)/.exec(output);
          if (match) resolve(match[1]!.replace(/\/$/, ""));
        });
        child.once("exit", (code) => reject(new Error(`Prism exited with ${code}:\n${output}`)));
      });
      const response = await fetch(`${url}/pets?limit=101`, { headers: auth });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: "internal_error", status: 500 });
    } finally {
      child.kill("SIGTERM");
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it.each(["9007199254740992", "9223372036854775807"])(
    "int64: petId %s is a valid id; Prism 400, the handlers 404",
    async (petId) => {
      expect((await toPrism(`/pets/${petId}`, { headers: auth })).status).toBe(400);
      expect((await toHandlers(`/pets/${petId}`, { headers: auth })).status).toBe(404);
    },
  );

  it("malformed JSON: the handlers answer 400; Prism leaves the request unanswered", async () => {
    const fromHandlers = await toHandlers("/pets", jsonPost("{not json"));
    expect(fromHandlers.status).toBe(400);
    expect((await fromHandlers.json()).message).toMatch(/^The body is not valid JSON/);

    const controller = new AbortController();
    let settled = false;
    const pending = toPrism("/pets", { ...jsonPost("{not json"), signal: controller.signal }).finally(
      () => (settled = true),
    );
    // A request sent after it is answered, while the malformed one still waits.
    expect((await toPrism("/pets", { headers: auth })).status).toBe(200);
    expect((await toPrism("/pets/1", { headers: auth })).status).toBe(200);
    expect(settled).toBe(false);
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
  });

  it("headers: Prism sends the example X-Request-Id every time and `deprecation: true`; the handlers send fresh ids and the contract's value", async () => {
    const [first, second] = [await toPrism("/pets/1", { headers: auth }), await toPrism("/pets/1", { headers: auth })];
    expect(first.headers.get("x-request-id")).toBe("req_01HZX3J5D4N8Q2R7");
    expect(second.headers.get("x-request-id")).toBe("req_01HZX3J5D4N8Q2R7");
    expect(first.headers.get("deprecation")).toBe("true");
    expect(first.headers.get("sl-violations")).toContain("deprecation");
    expect(first.headers.get("sunset")).toBe("Thu, 05 Dec 2030 00:00:00 GMT");
    expect(first.headers.get("access-control-allow-origin")).toBe("*");

    const [mine, again] = [
      await toHandlers("/pets/1", { headers: auth }),
      await toHandlers("/pets/1", { headers: auth }),
    ];
    expect(mine.headers.get("x-request-id")).not.toBe(again.headers.get("x-request-id"));
    expect(mine.headers.get("deprecation")).toBe("@1764892800");
    expect(mine.headers.get("sunset")).toBe("Thu, 05 Dec 2030 00:00:00 GMT");
  });

  it("headers: no Location on Prism's 201; the handlers send one", async () => {
    const body = JSON.stringify({ name: "Zed", categoryId: 9 });
    expect((await toPrism("/pets", jsonPost(body))).headers.get("location")).toBeNull();
    expect((await toHandlers("/pets", jsonPost(body))).headers.get("location")).toBe("/v1/pets/2");
    handlers.store.reset();
  });

  it("paths: Prism serves them at its root, so /v1/pets is a problem+json 404; the handlers serve them under /v1", async () => {
    const fromPrism = await toPrism("/v1/pets", { headers: auth });
    expect(fromPrism.status).toBe(404);
    expect(fromPrism.headers.get("content-type")).toBe("application/problem+json");
    expect((await toHandlers("/pets", { headers: auth })).status).toBe(200);
  });

  it("unknown routes and methods: Prism answers problem+json; the handlers answer Error bodies", async () => {
    for (const [path, init, status] of [
      ["/nowhere", {}, 404],
      ["/pets", { method: "DELETE" }, 405],
    ] as const) {
      const fromPrism = await toPrism(path, { ...init, headers: auth });
      expect(fromPrism.status).toBe(status);
      expect(fromPrism.headers.get("content-type")).toBe("application/problem+json");
      const fromHandlers = await toHandlers(path, { ...init, headers: auth });
      expect(fromHandlers.status).toBe(status);
      expect(await fromHandlers.json()).toMatchObject({
        status,
        code: status === 404 ? "not_found" : "method_not_allowed",
      });
    }
  });
});

describe("startPrism arguments", () => {
  it("resolves the contract's openapi.yaml", () => {
    expect(contractPath()).toMatch(/[/\\]contract[/\\]openapi\.yaml$/);
  });

  it.each<[StartPrismOptions, RegExp]>([
    [{ port: -1 }, /port must be an integer from 0 to 65535, got -1/],
    [{ port: 65_536 }, /port must be an integer from 0 to 65535, got 65536/],
    [{ port: "4010" as unknown as number }, /port must be an integer from 0 to 65535, got 4010/],
    [{ host: "" }, /host must be a non-empty string/],
    [{ dynamic: "yes" as unknown as boolean }, /dynamic must be true or false, got yes/],
    [{ startTimeout: 0 }, /startTimeout must be a positive number of milliseconds up to 2147483647, got 0/],
    [
      { startTimeout: Number.POSITIVE_INFINITY },
      /startTimeout must be a positive number of milliseconds up to 2147483647, got Infinity/,
    ],
    [
      { prot: 4599 } as StartPrismOptions,
      /startPrism options: unknown option "prot": use port, host, dynamic, startTimeout/,
    ],
    [
      null as unknown as StartPrismOptions,
      /startPrism options must be an object with port, host, dynamic, startTimeout, got null/,
    ],
  ])("rejects %j with a clear error, starting nothing", async (options, message) => {
    await expect(startPrism(options)).rejects.toThrow(message);
    await expect(startPrism(options)).rejects.toThrow(/^\[@petstore\/mock\] startPrism/);
  });

  it("an IPv6 host gives a baseUrl with the host in brackets, which the SDK can use", async () => {
    const ipv6 = await startPrism({ host: "::1" });
    try {
      expect(ipv6.baseUrl).toMatch(/^http:\/\/\[::1\]:\d+$/);
      const petstore = createPetstoreClient({ apiKey: "any-key", baseUrl: ipv6.baseUrl, maxRetries: 0 });
      expect((await petstore.pets.list()).map((pet) => pet.name)).toEqual(["Rex", "Tom"]);
    } finally {
      await ipv6.stop();
    }
  }, 60_000);

  it("rejects when Prism does not listen within startTimeout", async () => {
    await expect(startPrism({ startTimeout: 1 })).rejects.toThrow(
      /^\[@petstore\/mock\] Prism did not start within 1 ms/,
    );
  });

  it("rejects with one line naming the port when Prism cannot listen because the port is taken", async () => {
    const port = Number(new URL(prism.baseUrl).port);
    await expect(startPrism({ port })).rejects.toThrow(
      new RegExp(
        `^\\[@petstore/mock\\] startPrism: port ${port} on 127\\.0\\.0\\.1 is in use; pass another port, or 0 for a free one$`,
      ),
    );
  }, 60_000);

  it("stop() is safe to call twice, and the port is closed afterwards", async () => {
    const extra = await startPrism();
    await extra.stop();
    await extra.stop();
    await expect(fetch(`${extra.baseUrl}/pets`)).rejects.toThrow();
  }, 60_000);
});
