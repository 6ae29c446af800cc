import { createMemoryStore, startServer } from "@petstore/server";
import { allCapabilities, type Target } from "../target";

// Captured before any MSW interceptor can patch the global, so real HTTP stays real HTTP.
const realFetch = globalThis.fetch;

/** The reference server on an ephemeral port with a fresh memory store, reached over real HTTP. */
export async function startServerTarget(): Promise<Target> {
  const apiKey = `conformance-${crypto.randomUUID()}`;
  const server = await startServer({ port: 0, apiKeys: [apiKey], store: createMemoryStore(), logger: false });
  return {
    name: "server",
    baseUrl: server.baseUrl,
    fetch: (input, init) => realFetch(input, init),
    apiKey,
    capabilities: new Set(allCapabilities),
    healthUrl: `${server.url}/healthz`,
    close: () => server.close(),
  };
}
