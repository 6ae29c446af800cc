import { delay, http, type HttpHandler } from "msw";
import { baseUrlPattern } from "./internal/match";
import { createRequestHandler } from "./internal/handle";
import { resolveOptions, type PetstoreMockOptions } from "./options";
import { createOverrides, type PetstoreOverrides } from "./override";
import { createScenarios, type PetstoreScenarios } from "./scenarios";
import { createPetstoreStore, type PetstoreMockStore } from "./store";

/** MSW handlers for every operation under the set's base URLs, carrying the set's store and helpers bound to its base URLs. */
export type PetstoreHandlers = HttpHandler[] & {
  /** The set's in-memory pets; `store.reset()` returns to the seed. */
  readonly store: PetstoreMockStore;
  /** The base URLs the set answers under. */
  readonly baseUrls: readonly string[];
  /** Failure scenarios for the set's base URLs, to pass to `server.use(...)`. */
  readonly scenario: PetstoreScenarios;
  /** Typed overrides for the set's base URLs, to pass to `server.use(...)`. */
  readonly http: PetstoreOverrides["http"];
  /** A typed override by operationId for the set's base URLs. */
  readonly override: PetstoreOverrides["override"];
};

/**
 * MSW request handlers that behave like the Petstore service: auth, validation, Error bodies, ordering, limits,
 * idempotency and headers, over an in-memory store seeded with `options.pets`. Spread them into `setupServer` or
 * `setupWorker`; the array also carries `.store`, `.scenario`, `.http` and `.override`.
 */
export function createPetstoreHandlers(options: PetstoreMockOptions = {}): PetstoreHandlers {
  const resolved = resolveOptions(options);
  const store = createPetstoreStore(resolved.pets);
  const answer = createRequestHandler(resolved, store);
  const { latency } = resolved;
  const handler = http.all(baseUrlPattern(resolved.baseUrls), async ({ request }) => {
    if (latency !== undefined) await delay(latency as number);
    return answer(request);
  });
  const overrides = createOverrides({ baseUrls: resolved.baseUrls });
  return Object.assign([handler], {
    store,
    baseUrls: resolved.baseUrls,
    scenario: createScenarios({ baseUrls: resolved.baseUrls }),
    http: overrides.http,
    override: overrides.override,
  });
}
