import fc from "fast-check";
import type { Target } from "../target";
import { fuzzRequestArbitrary, type FuzzRequest } from "./arbitraries";
import { resolveSeed } from "./run";

/** The API key placeholder in generated requests; each target gets its own key in its place. */
const KEY = "__petstore_api_key__";
/** Response headers whose values must agree (X-Request-Id agrees when the caller chose it). */
export const COMPARED_HEADERS = [
  "content-type",
  "allow",
  "www-authenticate",
  "location",
  "idempotent-replayed",
  "sunset",
  "deprecation",
  "link",
  "retry-after",
];
const GENERATED_ID = /^req_[0-9a-f]{32}$/;

/** One answer, reduced to what two implementations must agree on. */
interface ComparableAnswer {
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

/** A request two targets answered differently. */
interface Disagreement {
  request: FuzzRequest;
  answers: Record<string, ComparableAnswer>;
}

/** Options of `compareTargets`. */
export interface DifferentialOptions {
  /** How many generated requests to send to both targets, one at a time. Defaults to 2000. */
  requests?: number;
  /** fast-check seed. Defaults to `CONFORMANCE_SEED` or a random seed. */
  seed?: number;
}

/** What `compareTargets` found. */
export interface DifferentialSummary {
  seed: number;
  /** Requests sent to both targets. */
  compared: number;
  disagreements: Disagreement[];
}

async function answer(target: Target, request: FuzzRequest): Promise<ComparableAnswer> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, value.replaceAll(KEY, target.apiKey)]),
  );
  try {
    const response = await target.fetch(target.baseUrl + request.path, {
      method: request.method,
      headers,
      body: request.body,
      signal: AbortSignal.timeout(10_000),
    });
    const id = response.headers.get("x-request-id");
    return {
      status: response.status,
      headers: {
        ...Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)])),
        "x-request-id": id !== null && GENERATED_ID.test(id) ? "req_<generated>" : id,
      },
      body: await response.text(),
    };
  } catch (error) {
    return { status: 0, headers: {}, body: `no response: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Sends the same generated requests (mostly bad ones: methods, paths, queries, headers, bodies) to two targets, one
 * at a time so their stores see the same writes, and lists every request whose status, body or headers differ.
 * Both targets must start empty. Methods included: a method Node's HTTP parser refuses (`MAED`) is a
 * `400 invalid_request` from both, as the contract says (FINDINGS.md F2).
 */
export async function compareTargets(
  reference: Target,
  candidate: Target,
  options: DifferentialOptions = {},
): Promise<DifferentialSummary> {
  const seed = resolveSeed(options.seed);
  const generated = fc.sample(fuzzRequestArbitrary(KEY), { numRuns: options.requests ?? 2000, seed });
  const disagreements: Disagreement[] = [];
  for (const request of generated) {
    const expected = await answer(reference, request);
    const actual = await answer(candidate, request);
    if (JSON.stringify(expected) !== JSON.stringify(actual))
      disagreements.push({ request, answers: { [reference.name]: expected, [candidate.name]: actual } });
  }
  return { seed, compared: generated.length, disagreements };
}
