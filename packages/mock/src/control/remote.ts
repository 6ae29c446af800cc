import { servers, type OperationId, type Pet } from "@petstore/contract";
import type {
  BodyOf,
  ErrorScenarioBody,
  JournalEntry,
  JournalEntryOf,
  OperationById,
  RateLimitedOptions,
  ScenarioOptions,
  StatusOf,
} from "@petstore/mock";
import { checkOptionsObject, describeValue } from "../internal/check";
import {
  CONTROL_PREFIX,
  type ClockRequest,
  type JournalPage,
  type OverrideRequest,
  type ScenarioRequest,
} from "./protocol";

/** Options of `connectPetstoreMock`. */
export interface ConnectPetstoreMockOptions {
  /** The mock's control token (`--control-token`), sent as `Authorization: Bearer <token>`. Defaults to none (a loopback mock started without one). */
  token?: string | undefined;
  /** The `fetch` to send control requests with. Defaults to the global `fetch`. */
  fetch?: typeof fetch | undefined;
}

/** A scenario's options over the control API: those of the in-process scenarios but `baseUrls` (the server's own). */
export type RemoteScenarioOptions = Omit<ScenarioOptions, "baseUrls">;

declare const remoteHandlerBrand: unique symbol;

/** A scenario or override to apply with `use(...)`: what the control API is sent. */
export interface RemoteHandler {
  readonly [remoteHandlerBrand]: true;
  readonly path: "/scenarios" | "/overrides";
  readonly body: ScenarioRequest | OverrideRequest;
}

/** The scenarios of a remote handler set, as `handlers.scenario` in process. */
export interface RemoteScenarios {
  /** `500 internal_error` for the first `times` requests of `operation`, then normal answers. */
  serverError(operation: OperationId, options?: RemoteScenarioOptions): RemoteHandler;
  /** `429 rate_limited` with `Retry-After: <retryAfter>` for the first `times` requests of `operation`. */
  rateLimited(operation: OperationId, options?: Omit<RateLimitedOptions, "baseUrls">): RemoteHandler;
  /** A dropped connection for the first `times` requests of `operation`. */
  networkError(operation: OperationId, options?: RemoteScenarioOptions): RemoteHandler;
  /** Waits `ms` before the normal answer, for the first `times` requests of `operation`. */
  slow(operation: OperationId, ms: number, options?: RemoteScenarioOptions): RemoteHandler;
  /** The given Error for the first `times` requests of `operation`. */
  error(
    operation: OperationId,
    status: number,
    body?: ErrorScenarioBody,
    options?: RemoteScenarioOptions,
  ): RemoteHandler;
}

/** A fixed answer for an operation, typed from the contract: `status` one it declares, `body` what it declares for it. */
export type RemoteOverride<Id extends OperationId, S extends StatusOf<OperationById<Id>>> = {
  /** The status to answer. */
  status: S;
  /** Headers added to the service's own (`X-Request-Id`, `Location` on a 201, …). Defaults to none. */
  headers?: Record<string, string> | undefined;
  /** How many requests it answers (401s for a bad key do not count). Defaults to every request until `resetHandlers()`. */
  times?: number | undefined;
  /** Milliseconds to wait before answering. Defaults to 0. */
  delay?: number | undefined;
  /** `false` answers requests without a valid key too. Defaults to true (a bad key gets its 401 first). */
  auth?: boolean | undefined;
} & (BodyOf<OperationById<Id>, S> extends undefined
  ? { body?: undefined }
  : { /** The JSON body, checked against the contract by the server. */ body: BodyOf<OperationById<Id>, S> });

/** The journal of a remote handler set, as `handlers.requests` in process, read over HTTP. */
export interface RemoteRequestJournal {
  /** Every entry the server holds, oldest first. */
  all(): Promise<JournalEntry[]>;
  /** The entries of one operation, typed for it. */
  of<Id extends OperationId>(operationId: Id): Promise<JournalEntryOf<Id>[]>;
  /** The entries whose `index` is `index` or more. */
  since(index: number): Promise<JournalEntry[]>;
  /** The index the next request will get: pass it to `since` to read only what comes after now. */
  nextIndex(): Promise<number>;
  /** Forgets every entry (indexes go on counting). */
  clear(): Promise<void>;
}

/** The clock of a remote handler set (the idempotency window's). */
export interface RemoteClock {
  /** Its time, in epoch milliseconds. */
  now(): Promise<number>;
  /** Sets it to `time`; it runs on from there. Resolves with its time. */
  set(time: number | Date): Promise<number>;
  /** Moves it by `ms`. Resolves with its time. */
  advance(ms: number): Promise<number>;
  /** Back to real time. Resolves with its time. */
  restore(): Promise<number>;
}

/** A mock server (`petstore-mock serve`, `startPetstoreMockServer`) driven from another process. */
export interface RemotePetstoreMock {
  /** The API's base URL, with `/v1`: the SDK's `baseUrl`. */
  readonly baseUrl: string;
  /** The control API's URL. */
  readonly controlUrl: string;
  /** Scenarios to pass to `use`. */
  readonly scenario: RemoteScenarios;
  /** A typed fixed answer for an operation, to pass to `use`: `override("getPet", { status: 404, body })`. */
  override<Id extends OperationId, S extends StatusOf<OperationById<Id>>>(
    operationId: Id,
    answer: RemoteOverride<Id, S>,
  ): RemoteHandler;
  /** Applies scenarios and overrides, tried before the set's own handlers, the last added first (as `server.use`). */
  use(...handlers: RemoteHandler[]): Promise<void>;
  /** Drops every scenario and override applied. */
  resetHandlers(): Promise<void>;
  /** Back to the seed pets, with the journal cleared, scenarios and overrides dropped and the clock restored. */
  reset(): Promise<void>;
  /** Starts over with these pets as the seed (checked against the contract): a new store and journal, no scenarios. */
  seed(pets: readonly Pet[]): Promise<void>;
  /** The requests the server answered. */
  readonly requests: RemoteRequestJournal;
  /** The server's clock. */
  readonly clock: RemoteClock;
}

/** The error a control request failed with: the server's message, its status (0 when it could not be reached). */
class ControlRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(`[@petstore/mock] ${message}`);
    this.name = "PetstoreMockControlError";
  }
}

/** The contract's base path (`/v1`), under which a mock server answers. */
const BASE_PATH = new URL(Object.values(servers)[0]!).pathname.replace(/\/+$/, "");

function handler(path: RemoteHandler["path"], body: ScenarioRequest | OverrideRequest): RemoteHandler {
  return { path, body } as RemoteHandler;
}

/** Scenario options as the control API takes them: plain fields, `baseUrls` refused here (the server's are its own). */
function scenarioFields(what: string, options: object | undefined, extra: string[] = []): Record<string, unknown> {
  checkOptionsObject(`the options of a remote ${what} scenario`, options, ["times", "auth", ...extra]);
  return { ...options };
}

/**
 * Connects to a mock server started by `petstore-mock serve` or `startPetstoreMockServer`, from any process: `baseUrl`
 * is its API base URL (`http://127.0.0.1:4010/v1`) or origin. The result has the surface of an in-process handler
 * set — `scenario.*`, `override`, `use`, `resetHandlers`, `requests`, `seed`, `reset`, `clock` — each a request to
 * its control API (`/__petstore/…`), so it resolves once the server applied it, and rejects with the server's reason.
 */
export function connectPetstoreMock(baseUrl: string, options: ConnectPetstoreMockOptions = {}): RemotePetstoreMock {
  checkOptionsObject("connectPetstoreMock options", options, ["token", "fetch"]);
  let origin: string;
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError("not http");
    origin = url.origin;
  } catch {
    throw new TypeError(
      `[@petstore/mock] connectPetstoreMock needs the mock's URL, such as "http://127.0.0.1:4010/v1", got ${describeValue(baseUrl)}`,
    );
  }
  const { token } = options;
  if (token !== undefined && (typeof token !== "string" || token === ""))
    throw new TypeError(
      `[@petstore/mock] connectPetstoreMock: token must be a non-empty string, got ${describeValue(token)}`,
    );
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const controlUrl = `${origin}${CONTROL_PREFIX}`;

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await send(`${controlUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ControlRequestError(`cannot reach the mock's control API at ${controlUrl}: ${String(error)}`, 0);
    }
    const text = await response.text();
    if (!response.ok) {
      let message = text.slice(0, 500);
      try {
        message = (JSON.parse(text) as { message: string }).message ?? message;
      } catch {}
      throw new ControlRequestError(
        `${method} ${CONTROL_PREFIX}${path} answered ${response.status}: ${message}`,
        response.status,
      );
    }
    return (text === "" ? undefined : JSON.parse(text)) as T;
  };
  const page = (query: string) => call<JournalPage>("GET", `/requests${query}`);
  const nowOf = (result: { now: number }) => result.now;
  const clock = (request: ClockRequest) => call<{ now: number }>("POST", "/clock", request).then(nowOf);

  return {
    baseUrl: `${origin}${BASE_PATH}`,
    controlUrl,
    scenario: {
      serverError: (operationId, options) =>
        handler("/scenarios", { scenario: "serverError", operationId, ...scenarioFields("serverError", options) }),
      rateLimited: (operationId, options) =>
        handler("/scenarios", {
          scenario: "rateLimited",
          operationId,
          ...scenarioFields("rateLimited", options, ["retryAfter"]),
        }),
      networkError: (operationId, options) =>
        handler("/scenarios", { scenario: "networkError", operationId, ...scenarioFields("networkError", options) }),
      slow: (operationId, ms, options) =>
        handler("/scenarios", { scenario: "slow", operationId, ms, ...scenarioFields("slow", options) }),
      error(operationId, status, body = {}, options) {
        checkOptionsObject("the Error body of a remote error scenario", body, ["code", "message"]);
        return handler("/scenarios", {
          scenario: "error",
          operationId,
          status,
          ...body,
          ...scenarioFields("error", options),
        });
      },
    },
    override: (operationId, answer) => {
      checkOptionsObject(`the remote override of ${String(operationId)}`, answer, [
        "status",
        "body",
        "headers",
        "times",
        "delay",
        "auth",
      ]);
      return handler("/overrides", { operationId, ...(answer as Omit<OverrideRequest, "operationId">) });
    },
    async use(...handlers) {
      // Each `use` puts its handler first: sent last to first, the first given ends up tried first, as `server.use`.
      for (const added of [...handlers].reverse()) {
        if (typeof added !== "object" || added === null || !("path" in added))
          throw new TypeError(
            `[@petstore/mock] use() takes what scenario.* and override() return, got ${describeValue(added)}`,
          );
        await call("POST", added.path, added.body);
      }
    },
    resetHandlers: () => call("DELETE", "/handlers"),
    reset: () => call("POST", "/reset"),
    seed: (pets) => call("POST", "/seed", { pets }),
    requests: {
      all: () => page("").then((result) => result.entries),
      of: <Id extends OperationId>(operationId: Id) =>
        page(`?operationId=${encodeURIComponent(operationId)}`).then(
          (result) => result.entries as unknown as JournalEntryOf<Id>[],
        ),
      since: (index) => page(`?since=${encodeURIComponent(String(index))}`).then((result) => result.entries),
      nextIndex: () => page(`?since=${Number.MAX_SAFE_INTEGER}`).then((result) => result.nextIndex),
      clear: () => call("DELETE", "/requests"),
    },
    clock: {
      now: () => call<{ now: number }>("GET", "/clock").then(nowOf),
      set: (time) => clock({ now: time instanceof Date ? time.getTime() : time }),
      advance: (ms) => clock({ advance: ms }),
      restore: () => clock({ restore: true }),
    },
  };
}
