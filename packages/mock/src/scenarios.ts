import type { OperationId } from "@petstore/contract";
import { delay, http, HttpResponse, type HttpHandler } from "msw";
import { checkMilliseconds, checkOptionsObject, describeValue } from "./internal/check";
import { contractOperations, operationById, type ContractOperation } from "./internal/contract";
import { WWW_AUTHENTICATE } from "./internal/auth";
import { errorBody, errorCodes } from "./internal/errors";
import { operationPattern } from "./internal/match";
import { normalizeBaseUrls } from "./options";
import { requestIdFor } from "./internal/request-id";
import { assertContractBody, contractJson } from "./internal/respond";

/** Options every scenario takes. */
export interface ScenarioOptions {
  /** How many matching requests the scenario answers before the normal handlers take over again. Defaults to every request until `server.resetHandlers()`. */
  times?: number | undefined;
  /** Base URLs the scenario applies to. Defaults to the handler set's (or, on `petstoreMock.scenario`, the contract's production and staging URLs). */
  baseUrls?: readonly string[] | undefined;
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
  /** Waits `ms` milliseconds before the normal answer, for the first `times` requests of `operation`. */
  slow(operation: OperationId, ms: number, options?: ScenarioOptions): HttpHandler;
  /** The given Error (`status`, `code`, `message`) for the first `times` requests of `operation`; the contract must allow the status. */
  error(operation: OperationId, status: number, body?: ErrorScenarioBody, options?: ScenarioOptions): HttpHandler;
}

type Answer = (request: Request, operation: ContractOperation) => Promise<Response | undefined> | Response | undefined;

function checkTimes(times: number | undefined): number {
  if (times === undefined) return Number.POSITIVE_INFINITY;
  if (!Number.isInteger(times) || times < 1) throw new RangeError(`[@petstore/mock] times must be a positive integer, got ${describeValue(times)}`);
  return times;
}

/** The headers the service sends with this status: a 401's challenge, a 405's `Allow` listing the path's methods. */
function serviceHeaders(operation: ContractOperation, status: number): Record<string, string> {
  if (status === 401) return WWW_AUTHENTICATE;
  if (status === 405) return { allow: contractOperations().filter((op) => op.path === operation.path).map((op) => op.method).join(", ") };
  return {};
}

/** A scenario's Error status must be a 4xx or 5xx: anything else is not an Error response. */
function checkErrorStatus(operationId: OperationId, status: number): void {
  if (!Number.isInteger(status) || status < 400 || status > 599) {
    throw new RangeError(`[@petstore/mock] error(${JSON.stringify(operationId)}, status) needs an error status from 400 to 599, got ${describeValue(status)}`);
  }
}

/** Scenario helpers whose handlers match the operations under `defaults.baseUrls` unless a scenario names its own. */
export function createScenarios(defaults: { baseUrls?: readonly string[] | undefined } = {}): PetstoreScenarios {
  checkOptionsObject("createScenarios", defaults, ["baseUrls"]);
  const defaultBaseUrls = normalizeBaseUrls(defaults.baseUrls);
  const scenario = (operationId: OperationId, options: ScenarioOptions | undefined, answer: Answer, optionNames = ["times", "baseUrls"]): HttpHandler => {
    const operation = operationById(operationId);
    checkOptionsObject(`the options of a ${operationId} scenario`, options, optionNames);
    const baseUrls = options?.baseUrls === undefined ? defaultBaseUrls : normalizeBaseUrls(options.baseUrls);
    let remaining = checkTimes(options?.times);
    const method = operation.method.toLowerCase() as "get" | "post";
    return http[method](operationPattern(operation, baseUrls), ({ request }) => {
      // Once used up, returning nothing hands the request to the next handler: the normal one.
      if (remaining <= 0) return undefined;
      remaining -= 1;
      return answer(request, operation);
    });
  };
  const errorScenario = (
    operationId: OperationId,
    status: number,
    body: ErrorScenarioBody,
    options: ScenarioOptions | undefined,
    headers: Record<string, string> = {},
    optionNames?: string[],
  ) => {
    const operation = operationById(operationId);
    if (typeof body !== "object" || body === null) throw new TypeError(`[@petstore/mock] the Error body of a scenario must be an object such as { code, message }, got ${describeValue(body)}`);
    // `error(op, 503, { times: 1 })` puts the options where the body goes; say so rather than failing every request.
    checkOptionsObject(`the Error body of the ${operationId} error scenario (options come after it)`, body, ["code", "message"]);
    for (const field of ["code", "message"] as const) {
      if (body[field] !== undefined && typeof body[field] !== "string") throw new TypeError(`[@petstore/mock] the Error body's ${field} must be a string, got ${describeValue(body[field])}`);
    }
    checkErrorStatus(operationId, status);
    const error = errorBody(status, body.message ?? `Scenario: ${operationId} answers ${status}.`, body.code ?? errorCodes[status]);
    assertContractBody(operation, status, error, `the ${operationId} error scenario`);
    const sent = { ...serviceHeaders(operation, status), ...headers };
    return scenario(operationId, options, (request, operation) => contractJson(operation, status, error, requestIdFor(request), sent), optionNames);
  };
  return {
    serverError: (operationId, options) =>
      errorScenario(operationId, 500, { message: "Something went wrong on our side. Retry later. (@petstore/mock serverError scenario)" }, options),
    rateLimited(operationId, options) {
      const retryAfter = options?.retryAfter ?? 1;
      if (!Number.isSafeInteger(retryAfter) || retryAfter < 0) throw new RangeError(`[@petstore/mock] retryAfter must be whole seconds (0 or more), got ${describeValue(retryAfter)}`);
      const message = `Too many requests. Retry after ${retryAfter} s. (@petstore/mock rateLimited scenario)`;
      return errorScenario(operationId, 429, { message }, options, { "retry-after": String(retryAfter) }, ["times", "baseUrls", "retryAfter"]);
    },
    networkError: (operationId, options) => scenario(operationId, options, () => HttpResponse.error()),
    slow(operationId, ms, options) {
      checkMilliseconds("slow(operation, ms): ms", ms);
      return scenario(operationId, options, async () => {
        await delay(ms);
        return undefined;
      });
    },
    error: (operationId, status, body = {}, options) => errorScenario(operationId, status, body, options),
  };
}
