import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import nodeFetch from "node-fetch";
import { afterEach, describe, expect, it } from "vitest";
import { createPetstoreClient, type FetchFunction, type PetstoreError } from "../src/index";
import { createPetstoreRawClient } from "../src/raw";

const LIMIT = 32 * 1024 * 1024;
const CHUNK = Buffer.alloc(256 * 1024, "a");

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/**
 * Streams `[` then chunks with no Content-Length (so chunked) for as long as the client reads: a body with no end.
 * Records how many bytes it wrote and whether the client closed the connection.
 */
async function endless() {
  const seen = { written: 0, closed: false, requests: 0 };
  server = createServer((_req, res) => {
    seen.requests += 1;
    res.writeHead(200, { "content-type": "application/json" });
    res.on("close", () => {
      seen.closed = true;
    });
    const write = () => {
      while (!res.destroyed) {
        seen.written += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once("drain", write);
      }
    };
    write();
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { seen, baseUrl: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1` };
}

const options = (baseUrl: string, fetch?: FetchFunction) => ({
  apiKey: "sk_test",
  baseUrl,
  fetch,
  logLevel: "off" as const,
  timeout: 60_000,
});

describe("the 32 MiB response limit holds while streaming, over real HTTP", () => {
  it.each(["typed", "raw", "node-fetch"])(
    "%s: a chunked body without end fails with response_too_large once past the limit, and the connection is closed",
    async (kind) => {
      const { seen, baseUrl } = await endless();
      const call =
        kind !== "raw"
          ? createPetstoreClient(
              options(baseUrl, kind === "node-fetch" ? (nodeFetch as unknown as FetchFunction) : undefined),
            ).pets.list()
          : createPetstoreRawClient(options(baseUrl)).GET("/pets", { params: { query: {} } });
      const error = (await Promise.resolve(call).catch((e: unknown) => e)) as PetstoreError;
      expect(error).toMatchObject({ name: "PetstoreError", code: "response_too_large", status: 200 });
      expect(error.message).toBe("[@petstore/client] GET " + `${baseUrl}/pets sent a body over 32 MiB.`);
      // Not retried: asking again would get the same body.
      expect(seen.requests).toBe(1);
      await expect.poll(() => seen.closed).toBe(true);
      // The client stopped reading at the limit: what the server got out is the limit plus what socket buffers hold.
      expect(seen.written).toBeGreaterThan(LIMIT);
      expect(seen.written).toBeLessThan(LIMIT + 16 * 1024 * 1024);
    },
  );

  it("a compressed body is counted as it decompresses: a small gzip of a huge body fails too", async () => {
    const bomb = gzipSync(Buffer.alloc(LIMIT + 1024 * 1024, " "));
    server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(bomb);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(createPetstoreClient(options(baseUrl)).pets.list()).rejects.toMatchObject({
      code: "response_too_large",
    });
  });

  it("a body just under the limit is read whole", async () => {
    const body = Buffer.from(JSON.stringify([{ id: 1, name: "x".repeat(LIMIT - 64), categoryId: 1 }]));
    expect(body.length).toBeLessThanOrEqual(LIMIT);
    server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      // Chunked: written in pieces with no Content-Length.
      for (let at = 0; at < body.length; at += CHUNK.length) res.write(body.subarray(at, at + CHUNK.length));
      res.end();
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const pets = await createPetstoreClient(options(baseUrl)).pets.list();
    expect(pets[0]?.name).toHaveLength(LIMIT - 64);
  });
});
