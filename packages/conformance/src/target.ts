/**
 * What a target can be held to. A case or check that needs a capability the target lacks is reported
 * as "n/a" with the capability's name, never skipped silently.
 */
export const capabilityDescriptions = {
  "api-key-validation": "rejects a well-formed bearer token that is not one of its API keys",
  stateful: "stores created pets, so reads, filters, limits and idempotent replays reflect earlier writes",
  "route-errors": "answers routes and methods outside the contract with 404/405 Error bodies",
  "malformed-json": "answers a body that is not valid JSON with a 400 Error body",
  "payload-limit": "answers a body above 1 MiB with 413",
  "exact-numbers":
    "sees a JSON number's fraction where a double would round it away (categoryId 9007199254740990.6 is not an integer)",
  "int64-ids": "accepts every positive int64 petId up to 2^63-1 (not only up to 2^53-1)",
  "deprecation-header-value": "sends the contract's Deprecation value (@<unix seconds>), not `true`",
  "auth-scheme-case":
    "accepts the Bearer scheme in any letter case (`bearer <key>`): HTTP auth schemes are case-insensitive (RFC 9110 §11.1)",
  "empty-header-values":
    "answers an empty Idempotency-Key with 400 (its schema's minLength is 1) instead of treating it as absent",
  "contract-error-responses":
    "answers a request that breaks the contract with the contract's own error response, not its own format",
} as const;

/** A behaviour a target may or may not have; see `capabilityDescriptions`. */
export type Capability = keyof typeof capabilityDescriptions;

/** Every capability, for targets that implement the whole contract. */
export const allCapabilities = Object.keys(capabilityDescriptions) as Capability[];

/** A `fetch`-like function: the reference server over HTTP, MSW interception, or Prism. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** One implementation the suite runs against. */
export interface Target {
  /** Short name used in reports, e.g. `server`. */
  readonly name: string;
  /** URL the contract's paths are appended to (the server's `/v1`, Prism's root). */
  readonly baseUrl: string;
  /** Sends a request; tests inject their own. */
  readonly fetch: FetchLike;
  /** An API key the target accepts. */
  readonly apiKey: string;
  /** What the target can be held to. */
  readonly capabilities: ReadonlySet<Capability>;
  /** Why each missing capability is missing, shown in the report. */
  readonly gaps?: Partial<Record<Capability, string>>;
  /** URL of an unauthenticated health check, when the target has one. */
  readonly healthUrl?: string;
  /** Checks every response against something beyond the contract (Prism proxy's `sl-violations`). */
  readonly extraChecks?: (response: Response) => string[];
  /** Stops servers and interceptors the target started. */
  close(): Promise<void>;
}
