import { createPetstoreClient } from "@petstore/client";
import { createMemoryStore, startServer, type RunningServer } from "@petstore/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFaultProxy, type ProxyHop } from "../src/fault-proxy";

const API_KEY = "demo-test-key";
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, apiKeys: [API_KEY], store: createMemoryStore() });
});
afterAll(async () => server?.close());

// The demo's lost-answer step, without the transcript: the proxy the demo uses really drops the server's 201.
describe("the demo's fault proxy with the SDK and the reference server", () => {
  it("retries a create whose answer was lost with the same Idempotency-Key: the server replays, one pet exists", async () => {
    const hops: ProxyHop[] = [];
    const proxy = await startFaultProxy(server.baseUrl, (hop) => hops.push(hop));
    try {
      const petstore = createPetstoreClient({ apiKey: API_KEY, baseUrl: proxy.baseUrl, maxRetries: 2 });
      const before = (await petstore.pets.list({ limit: 100 })).length;
      proxy.failNext("POST", "/v1/pets", 2, "after");
      const pet = await petstore.pets.create({ name: "Luna", categoryId: 4 });
      // The server created the pet on the first attempt; its answer was dropped twice, then replayed.
      expect(hops.filter((hop) => hop.method === "POST").map((hop) => [hop.status, hop.upstreamStatus])).toEqual([
        [503, 201],
        [503, 201],
        [201, undefined],
      ]);
      const after = await petstore.pets.list({ limit: 100 });
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)).toEqual(pet);
    } finally {
      await proxy.close();
    }
  });
});
