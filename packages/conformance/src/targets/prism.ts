import { contractPath, spawnPrism } from "../internal/prism-process";
import { allCapabilities, type Capability, type Target } from "../target";

// Captured before any MSW interceptor can patch the global, so real HTTP stays real HTTP.
const realFetch = globalThis.fetch;

/** What Prism's mock mode cannot do, measured against Prism 5.14.2. */
export const prismGaps: Partial<Record<Capability, string>> = {
  "api-key-validation": "accepts any bearer token; 401 only when the header, the Bearer scheme or the token is missing",
  "auth-scheme-case": "answers `bearer <key>` and `BEARER <key>` with 401 (it matches the scheme case-sensitively)",
  "empty-header-values": "treats an empty Idempotency-Key as absent and answers 201",
  stateful: "serves the contract's examples; nothing it is sent is stored",
  "route-errors": "answers unknown routes and methods with application/problem+json, not Error bodies",
  "malformed-json": "never answers a malformed JSON body (the request hangs)",
  "payload-limit": "accepts bodies of any size",
  "exact-numbers": "parses JSON into doubles: categoryId 9007199254740990.6 becomes 9007199254740991 and is accepted",
  "int64-ids": "caps int64 at 2^53-1, so larger valid ids are a 400",
  "deprecation-header-value": "replaces the declared Deprecation value with `deprecation: true`",
};

/** Capabilities of every target except those listed as gaps. */
export function capabilitiesWithout(gaps: Partial<Record<Capability, string>>): Set<Capability> {
  return new Set(allCapabilities.filter((capability) => !(capability in gaps)));
}

/** Prism in mock mode on the contract (stateless: status codes, headers and examples only). */
export async function startPrismTarget(): Promise<Target> {
  const prism = await spawnPrism(["mock", contractPath]);
  return {
    name: "prism",
    baseUrl: prism.url,
    fetch: (input, init) => realFetch(input, init),
    apiKey: "any-token-works",
    capabilities: capabilitiesWithout(prismGaps),
    gaps: prismGaps,
    close: prism.stop,
  };
}
