import { createMemoryStore, startServer } from "@petstore/server";
import { httpTarget, type Target } from "../../src/index";

/**
 * The reference server, started by the test through its public entry on an ephemeral port with a fresh memory
 * store, and handed to the suite as a target over real HTTP (the suite itself never imports the server).
 */
export async function startReferenceServer(): Promise<Target> {
  const apiKey = `conformance-${crypto.randomUUID()}`;
  const server = await startServer({ port: 0, apiKeys: [apiKey], store: createMemoryStore(), logger: false });
  return httpTarget({
    baseUrl: server.baseUrl,
    apiKey,
    healthUrl: `${server.url}/healthz`,
    close: () => server.close(),
  });
}
