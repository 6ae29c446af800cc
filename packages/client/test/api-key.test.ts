import { afterEach, describe, expect, it, vi } from "vitest";
import { ConnectionError, createPetstoreClient, PetstoreError, TimeoutError } from "../src/index";
import { createPetstoreRawClient } from "../src/raw";
import { json, startServer, type TestServer } from "./helpers/server";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const vaultDown = new Error("vault unavailable");

describe("a failing apiKey function is an api_key_error, over real HTTP", () => {
  it.each<[string, () => unknown, unknown]>([
    [
      "throws",
      () => {
        throw vaultDown;
      },
      vaultDown,
    ],
    ["rejects", () => Promise.reject(vaultDown), vaultDown],
    ["returns an empty string", () => "", undefined],
    ["returns a number", () => 42, undefined],
    ["resolves to undefined", async () => undefined, undefined],
  ])("when it %s: the cause is kept, nothing is sent, nothing is retried", async (_, fn, cause) => {
    server = await startServer((_req, res) => json(res, 200, []));
    const apiKey = vi.fn(fn);
    for (const client of [createPetstoreClient, createPetstoreRawClient]) {
      apiKey.mockClear();
      const petstore = client({
        apiKey: apiKey as () => string,
        baseUrl: server.baseUrl,
        maxRetries: 2,
        sleep: async () => {},
      });
      const call = "pets" in petstore ? petstore.pets.list() : petstore.GET("/pets", { params: { query: {} } });
      const error = (await Promise.resolve(call).catch((e: unknown) => e)) as PetstoreError;
      expect(error).toBeInstanceOf(PetstoreError);
      expect(error).not.toBeInstanceOf(ConnectionError);
      expect(error.code).toBe("api_key_error");
      expect(error.message).toMatch(/^\[@petstore\/client\] The apiKey function .*; no request was sent\.$/);
      expect(error.message).not.toMatch(/network|baseUrl/);
      expect(error.cause).toBe(cause);
      expect(apiKey).toHaveBeenCalledTimes(1);
    }
    expect(server.received).toHaveLength(0);
  });

  it("timeout still bounds a key function that never answers (a TimeoutError, as before)", async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    const petstore = createPetstoreClient({
      apiKey: () => new Promise<string>(() => {}),
      baseUrl: server.baseUrl,
      timeout: 50,
      maxRetries: 0,
    });
    await expect(petstore.pets.list()).rejects.toBeInstanceOf(TimeoutError);
    expect(server.received).toHaveLength(0);
  });

  it("a key function that works after failing once is asked again on the next call", async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    let calls = 0;
    const petstore = createPetstoreClient({
      apiKey: () => {
        calls += 1;
        if (calls === 1) throw vaultDown;
        return "sk_recovered";
      },
      baseUrl: server.baseUrl,
    });
    await expect(petstore.pets.list()).rejects.toMatchObject({ code: "api_key_error" });
    await expect(petstore.pets.list()).resolves.toEqual([]);
    expect(server.received.map((request) => request.headers.authorization)).toEqual(["Bearer sk_recovered"]);
  });
});
