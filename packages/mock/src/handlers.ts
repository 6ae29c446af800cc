import { createRouter } from "@petstore/service-rules";
import { http, type HttpHandler } from "msw";
import { createAuthenticator } from "./internal/auth";
import { contractOperations } from "./internal/contract";
import { createRequestHandler } from "./internal/handle";
import { baseUrlPattern, basePathOf } from "./internal/match";
import { requestIdFor } from "./internal/request-id";
import { errorResponse } from "./internal/respond";
import {
  createJournal,
  journalEntry,
  snapshotRequest,
  type JournalTarget,
  type PetstoreRequestJournal,
} from "./journal";
import { handlerName } from "./operation-handler";
import { resolveOptions, type PetstoreMockOptions } from "./options";
import { overridesFor, type PetstoreOverrides } from "./override";
import { registerHandlerSet, type LiveHandlerSet } from "./registry";
import { scenariosFor, type PetstoreScenarios } from "./scenarios";
import { createPetstoreStore, PetIdsExhaustedError, type PetstoreMockStore } from "./store";
import { waitUnlessAborted } from "./wait";

/** MSW handlers for every operation under the set's base URLs, carrying the set's store, journal and helpers bound to its base URLs. */
export type PetstoreHandlers = HttpHandler[] & {
  /** The set's in-memory pets; `store.reset()` returns to the seed and clears `requests`. */
  readonly store: PetstoreMockStore;
  /** Every request the set answered (its scenarios and overrides included), oldest first: `requests.of("createPet")`. */
  readonly requests: PetstoreRequestJournal;
  /** The base URLs the set answers under. */
  readonly baseUrls: readonly string[];
  /** Failure scenarios for the set's base URLs and API keys, to pass to `server.use(...)`. */
  readonly scenario: PetstoreScenarios;
  /** Typed overrides for the set's base URLs and API keys, to pass to `server.use(...)`. */
  readonly http: PetstoreOverrides["http"];
  /** A typed override by operationId for the set's base URLs and API keys. */
  readonly override: PetstoreOverrides["override"];
};

/** The operation a request to the set called, for the journal. */
function targetOf(
  route: ReturnType<typeof createRouter>,
  method: string,
  href: string,
  baseUrls: readonly string[],
): JournalTarget {
  const url = new URL(href);
  const match = route(url.pathname.slice((basePathOf(url, baseUrls) ?? "").length));
  const operation = match?.operations.get(method);
  if (!match || !operation) return { operationId: undefined, params: {}, queryNames: [] };
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(match.params)) {
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      params[name] = raw;
    }
  }
  return {
    operationId: operation.operationId,
    params,
    queryNames: operation.parameters.filter((p) => p.in === "query").map((p) => p.name),
  };
}

/**
 * MSW request handlers that behave like the Petstore service: auth, validation, Error bodies, ordering, limits,
 * idempotency and headers, over an in-memory store seeded with `options.pets`. Spread them into `setupServer` or
 * `setupWorker`; the array also carries `.store`, `.requests`, `.scenario`, `.http` and `.override`.
 */
export function createPetstoreHandlers(options: PetstoreMockOptions = {}): PetstoreHandlers {
  const resolved = resolveOptions(options);
  const pets = createPetstoreStore(resolved.pets, resolved.now);
  const { journal, record } = createJournal(
    contractOperations().map((op) => op.operationId),
    resolved.journalSize,
  );
  const store: PetstoreMockStore = {
    ...pets,
    reset() {
      pets.reset();
      journal.clear();
    },
  };
  const answer = createRequestHandler(resolved, store);
  const route = createRouter();
  const set: LiveHandlerSet = {
    baseUrls: resolved.baseUrls,
    authenticate: createAuthenticator(resolved.apiKeys),
    record,
  };
  registerHandlerSet(set);
  const { latency, baseUrls } = resolved;
  const handler = http.all(baseUrlPattern(baseUrls), async ({ request }) => {
    // The client gave up while the latency ran: nobody receives an answer, and no timer is left behind.
    if (latency !== undefined && !(await waitUnlessAborted(latency, request.signal))) return Response.error();
    const read = await snapshotRequest(request);
    let response: Response;
    try {
      response = await answer(read.request);
    } catch (error) {
      if (!(error instanceof PetIdsExhaustedError)) throw error;
      response = errorResponse(undefined, 500, error.message, requestIdFor(request));
    }
    const { snapshot } = read;
    const status = response.type === "error" ? 0 : response.status;
    set.record(() => journalEntry(snapshot, targetOf(route, snapshot.method, snapshot.url, baseUrls), status));
    return response;
  });
  handler.info.header = handlerName("every Petstore operation (@petstore/mock handlers)", baseUrls);
  const overrides = overridesFor(baseUrls, set);
  return Object.assign([handler], {
    store,
    requests: journal,
    baseUrls,
    scenario: scenariosFor(baseUrls, set),
    http: overrides.http,
    override: overrides.override,
  });
}
