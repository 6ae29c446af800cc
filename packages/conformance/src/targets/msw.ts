import { servers } from "@petstore/contract";
import { createPetstoreHandlers } from "@petstore/mock";
import { setupServer } from "msw/node";
import type { Capability, Target } from "../target";
import { capabilitiesWithout } from "./prism";

/**
 * What the MSW handlers do not do, measured against @petstore/mock: nothing the matrix asks for. A departure from
 * the contract is a failure with a FINDINGS.md entry, never a gap.
 */
export const mswGaps: Partial<Record<Capability, string>> = {};

/**
 * The @petstore/mock handlers behind `setupServer` from msw/node, reached through the patched global `fetch` at the
 * contract's production URL. Requests nothing handles are errors, so a missing handler cannot pass unnoticed.
 */
export async function startMswTarget(): Promise<Target> {
  const apiKey = `conformance-${crypto.randomUUID()}`;
  const handlers = createPetstoreHandlers({ apiKeys: [apiKey] });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: "error" });
  return {
    name: "msw",
    baseUrl: servers.production,
    // Looked up per call: MSW replaces globalThis.fetch while it listens.
    fetch: (input, init) => globalThis.fetch(input, init),
    apiKey,
    capabilities: capabilitiesWithout(mswGaps),
    gaps: mswGaps,
    close: async () => server.close(),
  };
}
