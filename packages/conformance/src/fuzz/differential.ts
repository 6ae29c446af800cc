import fc from "fast-check";
import type { Target } from "../target";
import { BASE_PATH, comparableHeaders, KEY, normaliseText } from "./answers";
import { fuzzHeadersArbitrary, fuzzRequestArbitrary, type FuzzRequest } from "./arbitraries";
import { inStoreOrder } from "./order";
import { resolveSeed } from "./run";
import { validRequestArbitrary } from "./valid";

/** One answer, reduced to what two implementations must agree on (see `comparableHeaders`). */
interface ComparableAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** A request two targets answered differently: its number in the run (from 0), the request, and both answers. */
interface Disagreement {
  index: number;
  request: FuzzRequest;
  answers: Record<string, ComparableAnswer>;
}

/** Options of `compareTargets`. */
export interface DifferentialOptions {
  /** How many generated requests to send to both targets. Defaults to 2000. */
  requests?: number;
  /** fast-check seed. Defaults to `CONFORMANCE_SEED` or a random seed. */
  seed?: number;
  /**
   * Both targets are servers over real HTTP: then the headers Node's HTTP layer writes (`Content-Length`,
   * `Connection`, `Keep-Alive`, `Date`) are compared too, and a tenth of the requests go to paths outside the base
   * path (`/healthz`, `/readyz`, other roots), which only a server receives. Defaults to true; false for an MSW target.
   */
  overHttp?: boolean;
}

/** What `compareTargets` found. */
export interface DifferentialSummary {
  seed: number;
  /** Requests sent to both targets. */
  compared: number;
  /** Requests per status the reference answered. */
  statuses: Record<number, number>;
  disagreements: Disagreement[];
}

/**
 * Requests to paths outside the base path, relative to the origin: the health checks (with queries, in other cases,
 * with a trailing slash) and roots that are not the API's. Never the mock's control API (`/__petstore/`): the mock
 * serves it on purpose, and the server has none.
 */
function outsideRequestArbitrary(): fc.Arbitrary<FuzzRequest> {
  const path = fc.constantFrom(
    "/healthz",
    "/healthz",
    "/readyz",
    "/readyz",
    "/healthz/",
    "/HEALTHZ",
    "/%68ealthz",
    "/readyz/x",
    "/",
    "/pets",
    "/v2/pets",
    BASE_PATH,
    `${BASE_PATH}/`,
    `${BASE_PATH.toUpperCase()}/pets`,
    "/favicon.ico",
  );
  const query = fc.constantFrom("", "", "", "?", "?probe=1", "?x=1&x=2", "?%zz");
  const method = fc.constantFrom("GET", "GET", "GET", "HEAD", "HEAD", "POST", "OPTIONS", "PUT", "DELETE");
  return fc
    .record({ method, path, query, headers: fuzzHeadersArbitrary(KEY), body: fc.constantFrom(undefined, "{}") })
    .map(({ method, path, query, headers, body }) => ({
      method,
      path: path + query,
      headers,
      ...(body !== undefined && method !== "GET" && method !== "HEAD" ? { body } : {}),
    }));
}

/**
 * What the differential adds to a generated request, a quarter of the time each: an `Idempotency-Key` from a small
 * pool, so that creates are replayed and conflict, and a `Prefer` both targets must ignore (the mock reads `Prefer`
 * itself first, and answers `code=` and `delay=` on purpose, so those are never sent).
 */
const extraHeaders = fc.record({
  "idempotency-key": fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, fc.constantFrom("k1", "k2", "k3")),
  prefer: fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    fc.constantFrom("return=minimal", "respond-async, wait=5", "handling=lenient"),
  ),
});

/**
 * Generated requests with paths relative to the origin: the API's (under the base path), half of them fuzzed and
 * nearly half valid (which create, list and read pets, so each target's store is exercised the same way), and, over
 * HTTP, a tenth outside it.
 */
function differentialRequests(overHttp: boolean): fc.Arbitrary<FuzzRequest> {
  const generated = fc.oneof(
    { weight: 5, arbitrary: fuzzRequestArbitrary(KEY) },
    { weight: 4, arbitrary: validRequestArbitrary(KEY) },
  );
  const api = fc.tuple(generated, extraHeaders).map(([request, extra]) => ({
    ...request,
    path: BASE_PATH + request.path,
    headers: {
      ...request.headers,
      ...Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined)),
    } as Record<string, string>,
  }));
  if (!overHttp) return api;
  return fc.oneof({ weight: 9, arbitrary: api }, { weight: 1, arbitrary: outsideRequestArbitrary() });
}

async function answer(target: Target, request: FuzzRequest, overHttp: boolean): Promise<ComparableAnswer> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, value.replaceAll(KEY, target.apiKey)]),
  );
  const origin = target.baseUrl.slice(0, target.baseUrl.length - BASE_PATH.length);
  try {
    const response = await target.fetch(origin + request.path, {
      method: request.method,
      headers,
      body: request.body,
      signal: AbortSignal.timeout(10_000),
    });
    return {
      status: response.status,
      headers: comparableHeaders(response.headers, { transport: overHttp, apiKey: target.apiKey }),
      body: normaliseText(await response.text(), target.apiKey),
    };
  } catch (error) {
    return { status: 0, headers: [], body: `no response: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Sends the same generated requests (mostly bad ones: methods, paths, queries, headers, bodies) to two targets and
 * lists every request whose status, body or headers differ. Each target gets them in the same order, a request that
 * may write alone (see `inStoreOrder`), so their stores see the same writes; the two answer each request at once. Both must start empty and serve
 * the contract's base path.
 */
export async function compareTargets(
  reference: Target,
  candidate: Target,
  options: DifferentialOptions = {},
): Promise<DifferentialSummary> {
  for (const target of [reference, candidate])
    if (!target.baseUrl.endsWith(BASE_PATH))
      throw new Error(`[@petstore/conformance] target ${target.name} does not serve ${BASE_PATH}: ${target.baseUrl}`);
  const seed = resolveSeed(options.seed);
  const overHttp = options.overHttp ?? true;
  const generated = fc.sample(differentialRequests(overHttp), { numRuns: options.requests ?? 2000, seed });
  const disagreements: Disagreement[] = [];
  const statuses: Record<number, number> = {};
  await inStoreOrder(
    generated,
    (request) => [request.method],
    async (request, index) => {
      const [expected, actual] = await Promise.all([
        answer(reference, request, overHttp),
        answer(candidate, request, overHttp),
      ]);
      statuses[expected.status] = (statuses[expected.status] ?? 0) + 1;
      if (JSON.stringify(expected) !== JSON.stringify(actual))
        disagreements.push({ index, request, answers: { [reference.name]: expected, [candidate.name]: actual } });
    },
  );
  disagreements.sort((a, b) => a.index - b.index);
  return { seed, compared: generated.length, statuses, disagreements };
}

/**
 * The first `limit` disagreements, readable: how to replay the run, then each request and both answers. Empty when
 * there are none.
 */
export function describeDisagreements(
  summary: { seed: number; disagreements: { index: number; request: unknown; answers: Record<string, unknown> }[] },
  limit = 5,
): string {
  const { seed, disagreements } = summary;
  if (disagreements.length === 0) return "";
  const shown = disagreements
    .slice(0, limit)
    .map(({ index, request, answers }) =>
      [
        `request #${index}: ${JSON.stringify(request, null, 1).slice(0, 4000)}`,
        ...Object.entries(answers).map(([name, seen]) => `  ${name}: ${JSON.stringify(seen).slice(0, 2000)}`),
      ].join("\n"),
    );
  return [
    `${disagreements.length} request(s) answered differently; replay with CONFORMANCE_SEED=${seed} (${KEY} stands for each target's key)`,
    ...shown,
  ].join("\n");
}
