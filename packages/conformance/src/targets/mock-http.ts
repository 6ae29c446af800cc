import { startPetstoreMockServer } from "@petstore/mock/http";
import { allCapabilities, type Target } from "../target";

// Captured before any MSW interceptor can patch the global, so real HTTP stays real HTTP.
const realFetch = globalThis.fetch;

/** `@petstore/mock/http`: the MSW handler set served over real HTTP on an ephemeral port. */
export async function startMockHttpTarget(): Promise<Target> {
  const apiKey = `conformance-${crypto.randomUUID()}`;
  const server = await startPetstoreMockServer({ port: 0, apiKeys: [apiKey] });
  return {
    name: "mock-http",
    baseUrl: server.baseUrl,
    fetch: (input, init) => realFetch(input, init),
    apiKey,
    capabilities: new Set(allCapabilities),
    close: () => server.close(),
  };
}
