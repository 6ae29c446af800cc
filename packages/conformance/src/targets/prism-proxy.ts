import { contractPath, spawnPrism } from "../internal/prism-process";
import type { Capability, Target } from "../target";
import { capabilitiesWithout } from "./prism";

// Captured before any MSW interceptor can patch the global, so real HTTP stays real HTTP.
const realFetch = globalThis.fetch;

/** What a request through `prism proxy --errors` cannot show, because Prism answers it before the server sees it. */
const prismProxyGaps: Partial<Record<Capability, string>> = {
  "contract-error-responses":
    "with --errors Prism refuses requests that break the contract itself (401/422 problem+json) instead of forwarding them",
  "auth-scheme-case": "Prism answers `bearer <key>` with its own 401 problem+json instead of forwarding it",
  "route-errors": "Prism answers unknown routes and methods itself with application/problem+json",
  "malformed-json": "Prism never answers a malformed JSON body (the request hangs)",
  "exact-numbers":
    "Prism parses the body into doubles and forwards it re-serialized: categoryId 9007199254740990.6 reaches the server as 9007199254740991",
  "int64-ids":
    "Prism caps int64 at 2^53-1 and answers larger valid ids with its own 422 problem+json instead of forwarding them",
};

interface Violation {
  location?: string[];
  code?: string | number;
  message?: string;
}

/** Response violations Prism reports in `sl-violations` (request violations are the cases' own doing). */
export function responseViolations(response: Response): string[] {
  const header = response.headers.get("sl-violations");
  if (!header) return [];
  let violations: Violation[];
  try {
    violations = JSON.parse(header) as Violation[];
  } catch {
    return [`unparseable sl-violations header: ${header}`];
  }
  return violations
    .filter((violation) => violation.location?.[0] === "response")
    .map(
      (violation) =>
        `Prism contract violation at ${violation.location?.join(".")}: ${violation.message} (${violation.code})`,
    );
}

/** Options of `startPrismProxyTarget`. */
export interface PrismProxyOptions {
  /**
   * Run `prism proxy --errors`: Prism refuses contract-breaking requests itself and fails responses that break the
   * contract. `false` forwards every request, so the server's error responses are validated too. Defaults to true.
   */
  errors?: boolean;
  /**
   * Starts the implementation behind the proxy (its base URL, API key and `close`), e.g. `httpTarget` over a server
   * the caller started, or `startCommandTarget`. Its `close` runs when the proxy target closes.
   */
  upstream: () => Promise<Target>;
}

/**
 * The implementation `upstream` starts, behind `prism proxy`, so Prism validates every response against the contract and reports
 * violations in `sl-violations` (a response violation fails the case).
 */
export async function startPrismProxyTarget({
  errors = true,
  upstream: startUpstream,
}: PrismProxyOptions): Promise<Target> {
  const upstream = await startUpstream();
  try {
    const prism = await spawnPrism(["proxy", ...(errors ? ["--errors"] : []), contractPath, upstream.baseUrl]);
    const gaps: Partial<Record<Capability, string>> = errors
      ? prismProxyGaps
      : { "malformed-json": prismProxyGaps["malformed-json"], "exact-numbers": prismProxyGaps["exact-numbers"] };
    return {
      name: errors ? "prism-proxy" : "prism-proxy-all",
      baseUrl: prism.url,
      fetch: (input, init) => realFetch(input, init),
      apiKey: upstream.apiKey,
      capabilities: capabilitiesWithout(gaps),
      gaps,
      extraChecks: responseViolations,
      close: async () => {
        await prism.stop();
        await upstream.close();
      },
    };
  } catch (error) {
    await upstream.close();
    throw error;
  }
}
