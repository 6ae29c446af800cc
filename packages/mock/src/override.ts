import type { OperationId } from "@petstore/contract";
import { http, HttpResponse, type HttpHandler } from "msw";
import { checkOptionsObject, describeValue } from "./internal/check";
import { contractOperations, operationById, type ContractOperation } from "./internal/contract";
import { operationPattern } from "./internal/match";
import { requestIdFor } from "./internal/request-id";
import { assertContractBody, PetstoreContractViolation, standardHeaders } from "./internal/respond";
import { normalizeBaseUrls } from "./options";
import type { HttpMethod, JsonResponse, NetworkErrorResponse, OperationAt, OperationById, OverrideResolver, PathsWith } from "./types";

/** Options of an override. */
export interface OverrideOptions {
  /** Base URLs the override applies to. Defaults to the handler set's (or, on `petstoreMock`, the contract's production and staging URLs). */
  baseUrls?: readonly string[] | undefined;
  /** Answer only the first matching request (MSW's `once`). Defaults to false. */
  once?: boolean | undefined;
}

/** The untyped view of a resolver inside this module; callers see `OverrideResolver`. */
type LooseResolver = (info: Record<string, unknown>) => Response | undefined | Promise<Response | undefined>;

type MethodOverride<M extends HttpMethod> = <P extends PathsWith<M>>(path: P, resolver: OverrideResolver<OperationAt<P, M>>, options?: OverrideOptions) => HttpHandler;

/** Typed overrides: path, params, request body and per-status response are checked against the contract. */
export interface PetstoreOverrides {
  /** Overrides by method and contract path, e.g. `http.get("/pets/{petId}", ({ params, json }) => json(200, pet))`. */
  http: { get: MethodOverride<"get">; post: MethodOverride<"post"> };
  /** Overrides an operation by its operationId, e.g. `override("getPet", ({ json }) => json(404, error))`. */
  override<Id extends OperationId>(operationId: Id, resolver: OverrideResolver<OperationById<Id>>, options?: OverrideOptions): HttpHandler;
}

/** A JSON response for an override: `petstoreMock.json(200, pet)`. The override checks status and body against the contract. */
export function json<const S extends number, B>(status: S, body: B, init: { headers?: Record<string, string> } = {}): JsonResponse<S, B> {
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    throw new RangeError(`[@petstore/mock] json(status, body) needs an HTTP status from 200 to 599, got ${describeValue(status)}`);
  }
  checkOptionsObject("json(status, body, init): init", init, ["headers"]);
  return HttpResponse.json(body as never, { status, headers: init.headers ?? {} }) as unknown as JsonResponse<S, B>;
}

/** A network error for an override: the request fails as if the connection dropped. */
export function networkError(): NetworkErrorResponse {
  return HttpResponse.error() as unknown as NetworkErrorResponse;
}

/** Checks an override's response against the contract and adds the headers the service always sends. */
async function finish(operation: ContractOperation, response: unknown, requestId: string): Promise<Response> {
  if (!(response instanceof Response)) {
    throw new PetstoreContractViolation(
      `the override of ${operation.operationId} returned ${describeValue(response)}; return json(status, body), networkError() or undefined (to let the normal handler answer).`,
    );
  }
  if (response.type === "error") return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PetstoreContractViolation(`the override of ${operation.operationId} answered ${response.status} with a body that is not JSON (${JSON.stringify(text.slice(0, 80))}); use json(status, body).`);
  }
  assertContractBody(operation, response.status, body, "the override");
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(standardHeaders(operation, requestId))) if (!headers.has(name)) headers.set(name, value);
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}

function overrideHandler(operation: ContractOperation, resolver: LooseResolver, defaultBaseUrls: readonly string[], options: OverrideOptions = {}): HttpHandler {
  if (typeof resolver !== "function") {
    throw new TypeError(`[@petstore/mock] the override of ${operation.operationId} needs a resolver function such as ({ json }) => json(200, body), got ${describeValue(resolver)}`);
  }
  checkOptionsObject(`the options of the ${operation.operationId} override`, options, ["baseUrls", "once"]);
  if (options.once !== undefined && typeof options.once !== "boolean") {
    throw new TypeError(`[@petstore/mock] the ${operation.operationId} override's once must be true or false, got ${describeValue(options.once)}`);
  }
  const baseUrls = options.baseUrls === undefined ? defaultBaseUrls : normalizeBaseUrls(options.baseUrls);
  const method = operation.method.toLowerCase() as "get" | "post";
  return http[method](
    operationPattern(operation, baseUrls),
    async ({ request, params }) => {
      const requestId = requestIdFor(request);
      const url = new URL(request.url);
      const query = Object.fromEntries(operation.parameters.filter((p) => p.in === "query" && url.searchParams.has(p.name)).map((p) => [p.name, url.searchParams.get(p.name)]));
      // A clone: a resolver that reads the body and returns undefined must leave it readable for the normal handler.
      const response = await resolver({ request: request.clone(), params, query, requestId, json, networkError });
      return response === undefined ? undefined : finish(operation, response, requestId);
    },
    { once: options.once === true },
  );
}

/** Typed override helpers for `defaults.baseUrls` (each override may name its own). */
export function createOverrides(defaults: { baseUrls?: readonly string[] | undefined } = {}): PetstoreOverrides {
  checkOptionsObject("createOverrides", defaults, ["baseUrls"]);
  const defaultBaseUrls = normalizeBaseUrls(defaults.baseUrls);
  const byMethod = (method: string) => (path: string, resolver: LooseResolver, options?: OverrideOptions) => {
    const operation = contractOperations().find((op) => op.method === method && op.path === path);
    if (!operation) {
      const known = contractOperations().filter((op) => op.method === method).map((op) => op.path).join(", ");
      throw new TypeError(`[@petstore/mock] the contract has no ${method} ${describeValue(path)}: use one of ${known}`);
    }
    return overrideHandler(operation, resolver, defaultBaseUrls, options);
  };
  return {
    http: { get: byMethod("GET") as unknown as MethodOverride<"get">, post: byMethod("POST") as unknown as MethodOverride<"post"> },
    override: (operationId, resolver, options) =>
      overrideHandler(operationById(operationId), resolver as unknown as LooseResolver, defaultBaseUrls, options),
  };
}

