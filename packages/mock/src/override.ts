import type { OperationId } from "@petstore/contract";
import { HttpResponse, type HttpHandler } from "msw";
import { WWW_AUTHENTICATE } from "./internal/auth";
import { checkOptionsObject, describeValue } from "./internal/check";
import { contractOperations, operationById, type ContractOperation } from "./internal/contract";
import { framingHeaderProblem, isFramingHeader } from "./internal/framing";
import { basePathOf } from "./internal/match";
import { assertContractBody, PetstoreContractViolation, standardHeaders } from "./internal/respond";
import { createOperationHandler } from "./operation-handler";
import { normalizeBaseUrls } from "./options";
import type { LiveHandlerSet } from "./registry";
import { checkAuthOption } from "./scenarios";
import type {
  HttpMethod,
  JsonResponse,
  NetworkErrorResponse,
  OperationAt,
  OperationById,
  OverrideResolver,
  PathsWith,
} from "./types";

/** Options of an override. */
export interface OverrideOptions {
  /** Base URLs the override applies to. Defaults to the handler set's (or, on `petstoreMock`, the contract's production and staging URLs). */
  baseUrls?: readonly string[] | undefined;
  /** Answer only the first request the resolver answers (one it passes on with `undefined`, or a 401 for a bad key, does not count). Defaults to false. */
  once?: boolean | undefined;
  /** A missing or bad API key gets the service's 401 before the resolver runs, as the service checks the key first; `false` lets the resolver answer any request. Defaults to true. */
  auth?: boolean | undefined;
}

/** The untyped view of a resolver inside this module; callers see `OverrideResolver`. */
type LooseResolver = (info: Record<string, unknown>) => Response | undefined | Promise<Response | undefined>;

type MethodOverride<M extends HttpMethod> = <P extends PathsWith<M>>(
  path: P,
  resolver: OverrideResolver<OperationAt<P, M>>,
  options?: OverrideOptions,
) => HttpHandler;

/** The HTTP methods an OpenAPI path item may define. */
const METHODS: readonly HttpMethod[] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Typed overrides: path, params, request body and per-status response are checked against the contract. */
export interface PetstoreOverrides {
  /** Overrides by method and contract path, e.g. `http.get("/pets/{petId}", ({ params, json }) => json(200, pet))`; a method the contract does not use on any path takes no path. */
  http: { [M in HttpMethod]: MethodOverride<M> };
  /** Overrides an operation by its operationId, e.g. `override("getPet", ({ json }) => json(404, error))`. */
  override<Id extends OperationId>(
    operationId: Id,
    resolver: OverrideResolver<OperationById<Id>>,
    options?: OverrideOptions,
  ): HttpHandler;
}

/** Statuses whose responses never have a body (RFC 9110): `json(204)`. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A response for an override: `json(200, pet)`, or a bodiless one such as `json(204)`. The override checks status and
 * body against the contract.
 */
export function json<const S extends number, B = undefined>(
  status: S,
  body?: B,
  init: { headers?: Record<string, string> } = {},
): JsonResponse<S, B> {
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    throw new RangeError(
      `[@petstore/mock] json(status, body) needs an HTTP status from 200 to 599, got ${describeValue(status)}`,
    );
  }
  checkOptionsObject("json(status, body, init): init", init, ["headers"]);
  for (const name of Object.keys(init.headers ?? {}))
    if (isFramingHeader(name))
      throw new TypeError(`[@petstore/mock] json(status, body, init): ${framingHeaderProblem(name)}`);
  if (body === undefined)
    return new Response(null, { status, headers: init.headers ?? {} }) as unknown as JsonResponse<S, B>;
  if (NULL_BODY.has(status))
    throw new RangeError(`[@petstore/mock] a ${status} response has no body: call json(${status}) without one`);
  return HttpResponse.json(body as never, { status, headers: init.headers ?? {} }) as unknown as JsonResponse<S, B>;
}

/** A network error for an override: the request fails as if the connection dropped. */
export function networkError(): NetworkErrorResponse {
  return HttpResponse.error() as unknown as NetworkErrorResponse;
}

/** Whether the contract declares `status` for `operation` without a body (a 204). */
function declaresBodiless(operation: ContractOperation, status: number): boolean {
  const response = operation.responses[String(status)];
  return response !== undefined && response.schema === undefined;
}

/** Where the service says a created resource lives: `/v1/pets/3` for createPet's 201 with `{ id: 3 }`. */
function locationOf(
  operation: ContractOperation,
  body: unknown,
  url: URL,
  baseUrls: readonly string[],
): string | undefined {
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id !== "number" && typeof id !== "string") return undefined;
  const item = contractOperations().find(
    (op) => op.method === "GET" && new RegExp(`^${operation.path}/\\{[^/}]+\\}$`).test(op.path),
  );
  if (!item) return undefined;
  return `${basePathOf(url, baseUrls) ?? ""}${item.path.replace(/\{[^}]+\}$/, encodeURIComponent(String(id)))}`;
}

/** Checks an override's response against the contract and adds the headers the service always sends. */
async function finish(
  operation: ContractOperation,
  response: unknown,
  requestId: string,
  url: URL,
  baseUrls: readonly string[],
): Promise<Response> {
  if (!(response instanceof Response)) {
    throw new PetstoreContractViolation(
      `the override of ${operation.operationId} returned ${describeValue(response)}; return json(status, body), networkError() or undefined (to let the normal handler answer).`,
    );
  }
  if (response.type === "error") return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  const service: Record<string, string> = {
    ...standardHeaders(operation, requestId),
    ...(response.status === 401 ? WWW_AUTHENTICATE : {}),
  };
  let body: unknown;
  if (response.body === null || text === "") {
    if (!declaresBodiless(operation, response.status)) {
      throw new PetstoreContractViolation(
        `the override of ${operation.operationId} answered ${response.status} without a body, which the contract does not declare for it; use json(status, body).`,
      );
    }
  } else {
    try {
      body = JSON.parse(text);
    } catch {
      throw new PetstoreContractViolation(
        `the override of ${operation.operationId} answered ${response.status} with a body that is not JSON (${JSON.stringify(text.slice(0, 80))}); use json(status, body).`,
      );
    }
    assertContractBody(operation, response.status, body, "the override");
    headers.set("content-type", "application/json; charset=utf-8");
    if (response.status === 201) {
      const location = locationOf(operation, body, url, baseUrls);
      if (location !== undefined) service.location = location;
    }
  }
  for (const [name, value] of Object.entries(service)) if (!headers.has(name)) headers.set(name, value);
  return new Response(body === undefined ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function overrideHandler(
  operation: ContractOperation,
  resolver: LooseResolver,
  defaultBaseUrls: readonly string[],
  bound: LiveHandlerSet | undefined,
  options: OverrideOptions = {},
): HttpHandler {
  if (typeof resolver !== "function") {
    throw new TypeError(
      `[@petstore/mock] the override of ${operation.operationId} needs a resolver function such as ({ json }) => json(200, body), got ${describeValue(resolver)}`,
    );
  }
  checkOptionsObject(`the options of the ${operation.operationId} override`, options, ["baseUrls", "once", "auth"]);
  if (options.once !== undefined && typeof options.once !== "boolean") {
    throw new TypeError(
      `[@petstore/mock] the ${operation.operationId} override's once must be true or false, got ${describeValue(options.once)}`,
    );
  }
  const baseUrls = options.baseUrls === undefined ? defaultBaseUrls : normalizeBaseUrls(options.baseUrls);
  const queryNames = operation.parameters.filter((p) => p.in === "query").map((p) => p.name);
  return createOperationHandler({
    operation,
    baseUrls,
    bound: options.baseUrls === undefined ? bound : undefined,
    auth: checkAuthOption(`the options of the ${operation.operationId} override`, options.auth),
    times: options.once === true ? 1 : Number.POSITIVE_INFINITY,
    kind: options.once === true ? "override, once" : "override",
    async answer(request, { params, requestId }) {
      const url = new URL(request.url);
      const query = Object.fromEntries(
        queryNames.filter((name) => url.searchParams.has(name)).map((name) => [name, url.searchParams.get(name)]),
      );
      // A clone: a resolver that reads the body and returns undefined must leave it readable for the normal handler.
      const response = await resolver({ request: request.clone(), params, query, requestId, json, networkError });
      return response === undefined ? undefined : finish(operation, response, requestId, url, baseUrls);
    },
  });
}

/** Typed override helpers for `defaults.baseUrls` (each override may name its own). */
export function createOverrides(defaults: { baseUrls?: readonly string[] | undefined } = {}): PetstoreOverrides {
  checkOptionsObject("createOverrides", defaults, ["baseUrls"]);
  return overridesFor(normalizeBaseUrls(defaults.baseUrls), undefined);
}

/** Override helpers under `defaultBaseUrls`, recording into `bound` (a handler set's) or the sets serving each URL. */
export function overridesFor(defaultBaseUrls: readonly string[], bound: LiveHandlerSet | undefined): PetstoreOverrides {
  const byMethod = (method: HttpMethod) => (path: string, resolver: LooseResolver, options?: OverrideOptions) => {
    const operation = contractOperations().find((op) => op.method === method.toUpperCase() && op.path === path);
    if (!operation) {
      const known = contractOperations()
        .map((op) => `http.${op.method.toLowerCase()}(${JSON.stringify(op.path)})`)
        .join(", ");
      throw new TypeError(
        `[@petstore/mock] the contract has no ${method.toUpperCase()} ${describeValue(path)}: use one of ${known}`,
      );
    }
    return overrideHandler(operation, resolver, defaultBaseUrls, bound, options);
  };
  return {
    http: Object.fromEntries(
      METHODS.map((method) => [method, byMethod(method)]),
    ) as unknown as PetstoreOverrides["http"],
    override: (operationId, resolver, options) =>
      overrideHandler(
        operationById(operationId),
        resolver as unknown as LooseResolver,
        defaultBaseUrls,
        bound,
        options,
      ),
  };
}
