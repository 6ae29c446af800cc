import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPetstoreClient, PetstoreError } from "../src/index";
import { PET } from "./helpers/fake-fetch";
import { startServer, type Handler, type TestServer } from "./helpers/server";

// Any rejection nobody handles during these tests is a failure of the SDK.
const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
beforeAll(() => void process.on("unhandledRejection", record));
afterAll(() => void process.off("unhandledRejection", record));

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  // Let late rejections of aborted attempts surface before checking.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(unhandled).toEqual([]);
});

async function hostile(handler: Handler, timeout = 1000) {
  server = await startServer(handler);
  return createPetstoreClient({
    apiKey: "k",
    baseUrl: server.baseUrl,
    timeout,
    maxRetries: 1,
    sleep: async () => {},
    onDeprecation: false,
  });
}

/** Settles the call and reports how long it took; a hung call fails the test by its own timeout. */
async function settle(call: Promise<unknown>): Promise<{ value?: unknown; error?: unknown; ms: number }> {
  const started = Date.now();
  const outcome = await call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return { ...outcome, ms: Date.now() - started };
}

describe("a hostile server never causes an unhandled rejection or a call that outlives its timeout", () => {
  it("garbage bytes with a 200 are an invalid_response", async () => {
    const petstore = await hostile((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22]));
    });
    const { error } = await settle(petstore.pets.list());
    expect(error).toMatchObject({ code: "invalid_response", status: 200 });
  });

  it("truncated JSON (the connection closes mid-body) is a ConnectionError after retries", async () => {
    const petstore = await hostile((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      res.write(JSON.stringify([PET]).slice(0, 20));
      setTimeout(() => res.socket?.destroy(), 10);
    });
    const { error } = await settle(petstore.pets.list());
    expect(error).toMatchObject({
      name: "ConnectionError",
      message: expect.stringContaining("broke off mid-response"),
    });
    expect(server?.received).toHaveLength(2);
  });

  it("a 300 MB body is refused without reading it", async () => {
    const petstore = await hostile((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(300 * 1024 * 1024) });
      res.write("[");
    });
    const { error } = await settle(petstore.pets.list());
    expect(error).toBeInstanceOf(PetstoreError);
    expect(error).toMatchObject({ code: "response_too_large", status: 200 });
    expect(server?.received).toHaveLength(1);
  });

  it("a body that drips one byte at a time ends with a TimeoutError on time", async () => {
    const timers: NodeJS.Timeout[] = [];
    const petstore = await hostile((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      timers.push(setInterval(() => res.write(" "), 20));
    }, 300);
    const { error, ms } = await settle(petstore.pets.list());
    timers.forEach(clearInterval);
    expect(error).toMatchObject({ name: "TimeoutError" });
    // Two attempts of 300 ms each, plus a generous margin for a loaded machine; never the endless drip.
    expect(ms).toBeLessThan(5000);
  });

  it.each([["-1"], ["NaN"], ["1e400"], ["Infinity"], ["Thu, 01 Jan 1970 00:00:00 GMT"], ["3 seconds"], [""]])(
    "an odd Retry-After (%j) falls back to backoff and the call ends",
    async (value) => {
      const petstore = await hostile((_req, res) => {
        res.writeHead(503, { "retry-after": value, "content-type": "application/json" });
        res.end("{}");
      });
      const { error } = await settle(petstore.pets.list());
      expect(error).toMatchObject({ name: "InternalServerError", status: 503 });
      expect(server?.received).toHaveLength(2);
    },
  );
});
