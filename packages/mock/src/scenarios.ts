import type { OperationId } from "@petstore/contract";
import { HttpResponse, type HttpHandler } from "msw";
import { WWW_AUTHENTICATE } from "./internal/auth";
import { checkMilliseconds, checkOptionsObject, describeValue } from "./internal/check";
import { contractOperations, operationById, type ContractOperation } from "./internal/contract";
import { errorBody, errorCodes } from "./internal/errors";
import { assertContractBody, contractJson } from "./internal/respond";
import { abortedAnswer, createOperationHandler } from "./operation-handler";
import { normalizeBaseUrls } from "./options";
import type { LiveHandlerSet } from "./registry";
import { waitUnlessAborted } from "./wait";

/** Options every scenario takes. */
export interface ScenarioOptions {
  /** How many requests the scenario answers before the normal handlers take over again; 401s for a missing or bad key do not count. Defaults to every request until `server.resetHandlers()`. */
  times?: number | undefined;
  /** Base URLs the scenario applies to. Defaults to the handler set's (or, on `petstoreMock.scenario`, the contract's production and staging URLs). */
  baseUrls?: readonly string[] | undefined;
  /** A missing or bad API key gets the service's 401 before the scenario answers, as the service checks the key first; `false` lets the scenario answer any request. Defaults to true. */
  auth?: boolean | undefined;
}

/** Options of `rateLimited`. */
export interface RateLimitedOptions extends ScenarioOptions {
  /** Seconds sent in `Retry-After`. Defaults to 1. */
  retryAfter?: number | undefined;
}

/** Options of `error`: the Error body to send. */
export interface ErrorScenarioBody {
  /** Error code. Defaults to the contract's code for the status (e.g. `not_found`). */
  code?: string | undefined;
  /** Human-readable message. Defaults to a message naming the scenario. */
  message?: string | undefined;
}

/** Failure scenarios for consumers' tests; each returns one MSW handler to pass to `server.use(...)`. */
export interface PetstoreScenarios {
  /** `500 internal_error` for the first `times` requests of `operation`, then normal answers. */
  serverError(operation: OperationId, options?: ScenarioOptions): HttpHandler;
  /** `429 rate_limited` with `Retry-After: <retryAfter>` for the first `times` requests of `operation`. */
  rateLimited(operation: OperationId, options?: RateLimitedOptions): HttpHandler;
  /** A network error (the request fails, `fetch` rejects) for the first `times` requests of `operation`. */
  networkError(operation: OperationId, options?: ScenarioOptions): HttpHandler;
  /** Waits `ms` milliseconds before the normal answer, for the first `times` requests of `operation`; the wait ends when the client aborts the request. */
  slow(operation: OperationId, ms: number, options?: ScenarioOptions): HttpHandler;
  /** The given Error (`status`, `code`, `message`) for the first `times` requests of `operation`; the contract must allow the status. */
  error(operation: OperationId, status: number, body?: ErrorScenarioBody, options?: ScenarioOptions): HttpHandler;
}

type Answer = (
  request: Request,
  operation: ContractOperation,
  requestId: string,
) => Promise<Response | undefined> | Response | undefined;

const OPTION_NAMES = ["times", "baseUrls", "auth"];

function checkTimes(times: number | undefined): number {
  if (times === undefined) return Number.POSITIVE_INFINITY;
  if (!Number.isInteger(times) || times < 1)
    throw new RangeError(`[@petstore/mock] times must be a positive integer, got ${describeValue(times)}`);
  return times;
}

/** Checks the `auth` option of a scenario or override: true (the default) or false. */
export function checkAuthOption(what: string, auth: unknown): boolean {
  if (auth === undefined) return true;
  if (typeof auth !== "boolean")
    throw new TypeError(
      `[@petstore/mock] ${what}: auth must be true or false (false lets it answer requests without a valid key), got ${describeValue(auth)}`,
    );
  return auth;
}

/**
 * The headers the service sends with this status: a 401's challenge, a 405's `Allow` listing the path's methods, and
 * `Retry-After: 1` where the contract requires it (a 503).
 */
function serviceHeaders(operation: ContractOperation, status: number): Record<string, string> {
  if (status === 401) return WWW_AUTHENTICATE;
  const declared = Object.entries(operation.responses[String(status)]?.headers ?? {});
  if (declared.some(([name, header]) => name.toLowerCase() === "retry-after" && header.required))
    return { "retry-after": "1" };
  // As the service's 405: the path's methods, then OPTIONS, which it answers on every path.
  if (status === 405)
    return {
      allow: [
        ...contractOperations()
          .filter((op) => op.path === operation.path)
          .map((op) => op.method),
        "OPTIONS",
      ].join(", "),
    };
  return {};
}

/** A scenario's Error status must be a 4xx or 5xx: anything else is not an Error response. */
function checkErrorStatus(operationId: OperationId, status: number): void {
  if (!Number.isInteger(status) || status < 400 || status > 599) {
    throw new RangeError(
      `[@petstore/mock] error(${JSON.stringify(operationId)}, status) needs an error status from 400 to 599, got ${describeValue(status)}`,
    );
  }
}

/** Scenario helpers whose handlers match the operations under `defaults.baseUrls` unless a scenario names its own. */
export function createScenarios(defaults: { baseUrls?: readonly string[] | undefined } = {}): PetstoreScenarios {
  checkOptionsObject("createScenarios", defaults, ["baseUrls"]);
  return scenariosFor(normalizeBaseUrls(defaults.baseUrls), undefined);
}

/** Scenario helpers under `defaultBaseUrls`, recording into `bound` (a handler set's) or the sets serving each URL. */
export function scenariosFor(defaultBaseUrls: readonly string[], bound: LiveHandlerSet | undefined): PetstoreScenarios {
  const scenario = (
    kind: string,
    operationId: OperationId,
    options: ScenarioOptions | undefined,
    answer: Answer,
    optionNames = OPTION_NAMES,
    passOnCounts = false,
  ): HttpHandler => {
    const operation = operationById(operationId);
    checkOptionsObject(`the options of a ${operationId} scenario`, options, optionNames);
    const baseUrls = options?.baseUrls === undefined ? defaultBaseUrls : normalizeBaseUrls(options.baseUrls);
    return createOperationHandler({
      operation,
      baseUrls,
      bound: options?.baseUrls === undefined ? bound : undefined,
      auth: checkAuthOption(`the options of a ${operationId} scenario`, options?.auth),
      times: checkTimes(options?.times),
      kind: `${kind} scenario`,
      passOnCounts,
      answer: (request, { requestId }) => answer(request, operation, requestId),
    });
  };
  const errorScenario = (
    kind: string,
    operationId: OperationId,
    status: number,
    body: ErrorScenarioBody,
    options: ScenarioOptions | undefined,
    headers: Record<string, string> = {},
    optionNames?: string[],
  ) => {
    const operation = operationById(operationId);
    if (typeof body !== "object" || body === null)
      throw new TypeError(
        `[@petstore/mock] the Error body of a scenario must be an object such as { code, message }, got ${describeValue(body)}`,
      );
    // `error(op, 503, { times: 1 })` puts the options where the body goes; say so rather than failing every request.
    checkOptionsObject(`the Error body of the ${operationId} error scenario (options come after it)`, body, [
      "code",
      "message",
    ]);
    for (const field of ["code", "message"] as const) {
      if (body[field] !== undefined && typeof body[field] !== "string")
        throw new TypeError(
          `[@petstore/mock] the Error body's ${field} must be a string, got ${describeValue(body[field])}`,
        );
    }
    checkErrorStatus(operationId, status);
    const error = errorBody(
      status,
      body.message ?? `Scenario: ${operationId} answers ${status}.`,
      body.code ?? errorCodes[status],
    );
    assertContractBody(operation, status, error, `the ${operationId} error scenario`);
    const sent = { ...serviceHeaders(operation, status), ...headers };
    return scenario(
      kind,
      operationId,
      options,
      (_request, operation, requestId) => contractJson(operation, status, error, requestId, sent),
      optionNames,
    );
  };
  return {
    serverError: (operationId, options) =>
      errorScenario(
        "serverError",
        operationId,
        500,
        { message: "Something went wrong on our side. Retry later. (@petstore/mock serverError scenario)" },
        options,
      ),
    rateLimited(operationId, options) {
      const retryAfter = options?.retryAfter ?? 1;
      if (!Number.isSafeInteger(retryAfter) || retryAfter < 0)
        throw new RangeError(
          `[@petstore/mock] retryAfter must be whole seconds (0 or more), got ${describeValue(retryAfter)}`,
        );
      const message = `Too many requests. Retry after ${retryAfter} s. (@petstore/mock rateLimited scenario)`;
      return errorScenario(
        "rateLimited",
        operationId,
        429,
        { message },
        options,
        { "retry-after": String(retryAfter) },
        [...OPTION_NAMES, "retryAfter"],
      );
    },
    networkError: (operationId, options) => scenario("networkError", operationId, options, () => HttpResponse.error()),
    slow(operationId, ms, options) {
      checkMilliseconds("slow(operation, ms): ms", ms);
      return scenario(
        `slow (${ms} ms)`,
        operationId,
        options,
        async (request) => ((await waitUnlessAborted(ms, request.signal)) ? undefined : abortedAnswer()),
        OPTION_NAMES,
        true,
      );
    },
    error: (operationId, status, body = {}, options) =>
      errorScenario(`error ${status}`, operationId, status, body, options),
  };
}
