import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import crossFetch from "cross-fetch";
import nodeFetch from "node-fetch";
import { fetch as undiciFetch, ProxyAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionError, createPetstoreClient, PetstoreError, type FetchFunction } from "../src/index";
import { createPetstoreRawClient } from "../src/raw";
import { PET } from "./helpers/fake-fetch";
import { errorBody, json, startServer, type TestServer } from "./helpers/server";

let server: TestServer | undefined;
let proxy: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  proxy?.closeAllConnections();
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  proxy = undefined;
});

/** A pet service on loopback: lists, creates (503 once, to prove retries go through the same fetch), gets. */
async function petService() {
  let posts = 0;
  server = await startServer((req, res) => {
    if (req.method === "POST")
      return posts++ === 0
        ? json(res, 503, errorBody(503, "service_unavailable"))
        : json(res, 201, { id: 2, ...JSON.parse(req.body) });
    if (req.url.startsWith("/v1/pets/")) return json(res, 200, PET, { "x-request-id": "req_get" });
    return json(res, 200, [PET]);
  });
  return server;
}

// Each library's own fetch, given exactly as a user would; their Response types differ from the global one.
const libraries: [string, FetchFunction][] = [
  ["undici", undiciFetch as unknown as FetchFunction],
  ["node-fetch", nodeFetch as unknown as FetchFunction],
  ["cross-fetch", crossFetch as unknown as FetchFunction],
];

describe.each(libraries)("the SDK through %s's fetch", (_name, libraryFetch) => {
  it("lists, creates (retrying a 503 with the same key) and gets over real HTTP", async () => {
    const { baseUrl, received } = await petService();
    const petstore = createPetstoreClient({
      apiKey: "k",
      baseUrl,
      fetch: libraryFetch,
      sleep: async () => {},
      onDeprecation: false,
    });
    await expect(petstore.pets.list({ limit: 5 })).resolves.toEqual([PET]);
    await expect(petstore.pets.create({ name: "Tom", categoryId: 2 })).resolves.toEqual({
      id: 2,
      name: "Tom",
      categoryId: 2,
    });
    const { data, requestId } = await petstore.pets.get(1).withResponse();
    expect(data).toEqual(PET);
    expect(requestId).toBe("req_get");
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /v1/pets?limit=5",
      "POST /v1/pets",
      "POST /v1/pets",
      "GET /v1/pets/1",
    ]);
    expect(received[1]?.headers["idempotency-key"]).toBe(received[2]?.headers["idempotency-key"]);
    expect(received.every((r) => r.headers.authorization === "Bearer k")).toBe(true);
  });

  it("also serves @petstore/client/raw", async () => {
    const { baseUrl } = await petService();
    const raw = createPetstoreRawClient({ apiKey: "k", baseUrl, fetch: libraryFetch, onDeprecation: false });
    const { data } = await raw.GET("/pets", { params: { query: { limit: 1 } } });
    expect(data).toEqual([PET]);
  });

  it("a refused connection is a ConnectionError whose message names ECONNREFUSED", async () => {
    const closed = await startServer(() => undefined);
    await closed.close();
    const petstore = createPetstoreClient({ apiKey: "k", baseUrl: closed.baseUrl, fetch: libraryFetch, maxRetries: 0 });
    const error = await petstore.pets.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });
});

describe("an undici ProxyAgent through a local CONNECT proxy", () => {
  it("carries every attempt through the proxy when the dispatcher comes in fetchOptions", async () => {
    const { baseUrl, received } = await petService();
    const tunnels: string[] = [];
    proxy = createServer();
    proxy.on("connect", (req, client: Socket, head: Buffer) => {
      tunnels.push(req.url ?? "");
      const [host, port] = (req.url ?? "").split(":");
      const upstream = connect(Number(port), host, () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy!.listen(0, "127.0.0.1", resolve));
    const dispatcher = new ProxyAgent({
      uri: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      proxyTunnel: true,
    });
    try {
      const petstore = createPetstoreClient({
        apiKey: "k",
        baseUrl,
        // The recipe from the README: undici's fetch, with the proxy agent merged into every init.
        fetch: undiciFetch as unknown as FetchFunction,
        fetchOptions: { dispatcher },
        sleep: async () => {},
      });
      await expect(petstore.pets.list()).resolves.toEqual([PET]);
      await expect(petstore.pets.create({ name: "Tom", categoryId: 2 })).resolves.toMatchObject({ id: 2 });
      expect(received).toHaveLength(3);
      expect(tunnels.length).toBeGreaterThanOrEqual(1);
      expect(tunnels.every((target) => baseUrl.includes(target))).toBe(true);
    } finally {
      await dispatcher.close();
    }
  });
});

describe("redirects", () => {
  it("a redirect loop is one failed call, not retried, and not a ConnectionError", async () => {
    server = await startServer((_req, res) => {
      res.writeHead(302, { location: "/v1/pets" });
      res.end();
    });
    const petstore = createPetstoreClient({ apiKey: "k", baseUrl: server.baseUrl, sleep: async () => {} });
    const error = await petstore.pets.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PetstoreError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: "redirect_loop", message: expect.stringContaining("redirect loop") });
    // fetch follows at most 20 redirects: one attempt is 21 requests; a retried one would be 63.
    expect(server.received.length).toBeLessThanOrEqual(21);
  });
});
