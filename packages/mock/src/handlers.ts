import {
  createService,
  handleFetch,
  type RequestContext,
  type Service,
  type ServiceRequest,
  type ServiceResponse,
} from "@petstore/service";
import { http, type HttpHandler } from "msw";
import { contractOperations } from "./internal/contract";
import { withoutCallFrame } from "./internal/call-frame";
import { createGate, type Gate } from "./internal/gate";
import { baseUrlPattern, basePathOf, isUnderBasePath } from "./internal/match";
import { assertContractBody, PetstoreContractViolation } from "./internal/respond";
import {
  createJournal,
  journalEntry,
  snapshotRequest,
  type JournalTarget,
  type PetstoreRequestJournal,
  type RequestSnapshot,
} from "./journal";
import { handlerName } from "./operation-handler";
import { resolveOptions, type PetstoreMockOptions } from "./options";
import { overridesFor, type PetstoreOverrides } from "./override";
import { registerHandlerSet, type LiveHandlerSet } from "./registry";
import { scenariosFor, type PetstoreScenarios } from "./scenarios";
import { createMockStore, type PetstoreMockStore } from "./store";
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

/**
 * How `@petstore/mock/http` reaches a handler set's service with a request from Node's `http` (its Node request, not a
 * fetch copy, so what only the wire shows — a repeated header, a missing Host — is judged as the server judges it).
 * A global symbol: the http entry is bundled apart from the main one.
 */
const SERVE_NODE: unique symbol = Symbol.for("@petstore/mock.serveNode") as never;

/** What a handler set serves a Node request with: the request, its context, an abort signal, and its journal snapshot. */
export type ServeNode = (
  request: ServiceRequest,
  context: RequestContext,
  signal: AbortSignal,
  snapshot: (body: Uint8Array | undefined) => RequestSnapshot,
) => Promise<ServiceResponse>;

/** The request with the body bytes the service read kept aside, for the journal. */
class RecordedRequest implements ServiceRequest {
  bytes: Uint8Array | undefined;
  readonly method: string;
  readonly url: string;
  readonly httpVersion: string | undefined;

  constructor(readonly inner: ServiceRequest) {
    this.method = inner.method;
    this.url = inner.url;
    this.httpVersion = inner.httpVersion;
  }

  header(name: string): string | undefined {
    return this.inner.header(name);
  }

  headerValues(name: string): string[] {
    return this.inner.headerValues(name);
  }

  async body(limit: number): Promise<Uint8Array> {
    this.bytes = await this.inner.body(limit);
    return this.bytes;
  }
}

const aborted = () => Object.assign(new Error("the client went away"), { name: "AbortError" });

/** The operation a request to the set called, for the journal. */
function targetOf(service: Service, method: string, target: string, basePath: string): JournalTarget {
  const found = service.operationAt(method, target, basePath);
  if (!found) return { operationId: undefined, params: {}, queryNames: [] };
  return {
    operationId: found.operation.operationId,
    params: found.params,
    queryNames: found.operation.parameters.filter((p) => p.in === "query").map((p) => p.name),
  };
}

/**
 * MSW request handlers that behave like the Petstore service — they answer through the service's own pipeline (auth,
 * validation, Error bodies, ordering, limits, idempotency and headers) over an in-memory store seeded with
 * `options.pets`. Spread them into `setupServer` or `setupWorker`; the array also carries `.store`, `.requests`,
 * `.scenario`, `.http` and `.override`.
 */
export function createPetstoreHandlers(options: PetstoreMockOptions = {}): PetstoreHandlers {
  const resolved = resolveOptions(options);
  const { store: pets, core } = createMockStore(resolved.pets, resolved.now);
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
  const accepted = resolved.apiKeys === undefined ? undefined : new Set(resolved.apiKeys);
  const service = createService({
    store: core,
    verifyKey: (token) => (accepted && !accepted.has(token) ? undefined : { scope: token }),
    checkResponse: (operation, status, body) => assertContractBody(operation, status, body, "the handlers"),
    // A fault in the mock is reported by MSW (a 500 naming it), not hidden behind the service's generic 500.
    onError: (error, _requestId, status) => {
      if (status === 500 || error instanceof PetstoreContractViolation) throw error;
    },
  });
  let gate: Gate | undefined;
  const set: LiveHandlerSet = {
    baseUrls: resolved.baseUrls,
    // Made when a scenario or override first asks: a set that never meets one never needs it.
    get gate() {
      return (gate ??= createGate(resolved.apiKeys));
    },
    record,
  };
  registerHandlerSet(set);
  const { latency, baseUrls } = resolved;
  const handler = withoutCallFrame(() =>
    http.all(baseUrlPattern(baseUrls), async ({ request }) => {
      const url = new URL(request.url);
      const basePath = basePathOf(url, baseUrls);
      // Another path of the same origin (the app's own): not the set's to answer.
      if (basePath === undefined) return undefined;
      // The client gave up while the latency ran: nobody receives an answer, and no timer is left behind.
      if (latency !== undefined && !(await waitUnlessAborted(latency, request.signal))) return Response.error();
      const read = await snapshotRequest(request);
      const response = await handleFetch(service, read.request, { basePath });
      const { snapshot } = read;
      const status = response.type === "error" ? 0 : response.status;
      set.record(() =>
        journalEntry(snapshot, targetOf(service, snapshot.method, url.pathname + url.search, basePath), status),
      );
      return response;
    }),
  );
  handler.info.header = handlerName("every Petstore operation (@petstore/mock handlers)", baseUrls);
  const serveNode: ServeNode = async (request, context, signal, snapshot) => {
    const base = context.basePath ?? service.basePath;
    // A request outside the base URL calls nothing of the set's: the service's 404 at once, unrecorded.
    if (!isUnderBasePath(request.url, base)) return service.handle(request, context);
    if (latency !== undefined && !(await waitUnlessAborted(latency, signal))) throw aborted();
    const recorded = new RecordedRequest(request);
    const answer = await service.handle(recorded, context);
    set.record(() =>
      journalEntry(snapshot(recorded.bytes), targetOf(service, request.method, request.url, base), answer.status),
    );
    return answer;
  };
  const overrides = overridesFor(baseUrls, set);
  return Object.defineProperty(
    Object.assign([handler], {
      store,
      requests: journal,
      baseUrls,
      scenario: scenariosFor(baseUrls, set),
      http: overrides.http,
      override: overrides.override,
    }),
    SERVE_NODE,
    { value: serveNode, enumerable: false },
  );
}
