import { requestLimits } from "@petstore/contract";
import {
  allowHeader,
  corsHeaders,
  createRouter,
  messages,
  parseQueryString,
  PATH_PARAMETER_MAX_LENGTH,
  preflightHeaders,
  routeList,
  type RouteMatch,
} from "@petstore/service-rules";
import type { ResolvedOptions } from "../options";
import { IdempotencyConflictError, type PetstoreMockStore } from "../store";
import { authFailureHeaders, createAuthenticator } from "./auth";
import { withCors } from "./cors";
import { readBody, validateBody, type ReadBody } from "./body";
import type { ContractOperation } from "./contract";
import { RequestError } from "./errors";
import { basePathOf } from "./match";
import { createOperations } from "./operations";
import { PARSER_METHODS } from "./methods";
import { parseParameters } from "./parameters";
import { newRequestId, requestIdFor } from "./request-id";
import { contractJson, emptyResponse, errorResponse } from "./respond";

/** Methods that never carry a body (`fetch` refuses one), so nothing is parsed for them. */
const BODYLESS = new Set(["GET", "HEAD"]);

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The size of the request line and headers as they would cross the wire (`name: value\r\n` each). */
function headerBytes(request: Request, url: URL): number {
  let size = `${request.method} ${url.pathname}${url.search} HTTP/1.1\r\n`.length + `host: ${url.host}\r\n`.length;
  request.headers.forEach((value, name) => {
    size += name.length + value.length + 4;
  });
  return size;
}

/** A HEAD answer carries the status and headers of the full answer and no body, as over HTTP. */
function withoutBody(response: Response): Response {
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Answers one request under a base URL in the reference server's order: the parser's checks (method, header size);
 * an undecodable URL or an overlong path parameter is a 400 — after authentication when the path is an operation's;
 * CORS; a path outside the contract is a 404 and a method it does not define a 405 (before authentication); then
 * authentication, the body (415/413/400), parameter and body validation (400), and the operation on the store.
 */
export function createRequestHandler(
  options: ResolvedOptions,
  store: PetstoreMockStore,
): (request: Request) => Promise<Response> {
  const route = createRouter();
  const authenticate = createAuthenticator(options.apiKeys);
  const operations = createOperations(store);

  /**
   * What the server's router refuses before any hook runs (so without CORS headers): an undecodable URL or an overlong
   * path parameter, a 400 — after authentication when the path and method are an operation's.
   */
  const refuseUrl = (
    request: Request,
    requestId: string,
    url: URL,
    found: RouteMatch | undefined,
  ): Response | undefined => {
    const method = request.method.toUpperCase();
    const operation = found?.operations.get(method);
    const bad = !decodable(url.pathname);
    const routed = operation !== undefined || method === "OPTIONS";
    // The server's router measures a parameter once decoded.
    if (
      !bad &&
      !(
        found &&
        routed &&
        Object.values(found.params).some((raw) => decodeURIComponent(raw).length > PATH_PARAMETER_MAX_LENGTH)
      )
    )
      return undefined;
    const message = bad ? messages.badUrl : messages.longSegment;
    if (!operation) return errorResponse(undefined, 400, message, requestId);
    const auth = authenticate(request.headers.get("authorization"));
    if (!auth.ok) return errorResponse(operation, auth.status, auth.message, requestId, authFailureHeaders(auth));
    return errorResponse(operation, 400, message, requestId);
  };

  const answer = async (
    request: Request,
    requestId: string,
    url: URL,
    basePath: string,
    found: RouteMatch | undefined,
  ): Promise<Response> => {
    const method = request.method.toUpperCase();
    // The server's router gives an empty path parameter (`/pets/`) only to the path's own methods and OPTIONS.
    const match: RouteMatch | undefined =
      found && (!found.emptyParameter || found.operations.has(method) || method === "OPTIONS") ? found : undefined;
    const origin = request.headers.get("origin");
    if (
      method === "OPTIONS" &&
      origin !== null &&
      request.headers.has("access-control-request-method") &&
      match &&
      !match.emptyParameter
    ) {
      return emptyResponse(204, {
        "x-request-id": requestId,
        ...corsHeaders("*"),
        ...preflightHeaders([...match.operations.keys()]),
      });
    }
    if (!match) {
      // The server's framework insists on a Content-Type for QUERY before it gets as far as the 404.
      if (method === "QUERY" && !request.headers.has("content-type"))
        return errorResponse(undefined, 400, messages.queryWithoutContentType, requestId);
      if (!BODYLESS.has(method)) await readBody(request, { unknownRoute: true });
      return errorResponse(undefined, 404, messages.notFound(method, url.pathname, routeList(basePath)), requestId);
    }
    const allow = allowHeader(match);
    const operation = match.operations.get(method);
    if (!operation) {
      if (method !== "OPTIONS")
        return errorResponse(undefined, 405, messages.methodNotAllowed(method, url.pathname, allow), requestId, {
          allow,
        });
      await readBody(request);
      return emptyResponse(204, { allow: `${allow}, OPTIONS`, "x-request-id": requestId });
    }

    const auth = authenticate(request.headers.get("authorization"));
    if (!auth.ok) return errorResponse(operation, auth.status, auth.message, requestId, authFailureHeaders(auth));
    try {
      const body: ReadBody = BODYLESS.has(method) ? { present: false } : await readBody(request);
      const params = validateRequest(operation, body, match.params, url, request);
      const handler = operations[operation.operationId];
      if (!handler)
        throw new Error(`[@petstore/mock] no handler for the contract's operation ${operation.operationId}`);
      const result = handler({ apiKey: auth.apiKey, params: params.values, body: params.body, basePath });
      return contractJson(operation, result.status, result.body, requestId, result.headers);
    } catch (error) {
      if (error instanceof RequestError)
        return errorResponse(operation, error.status, error.message, requestId, error.headers);
      if (error instanceof IdempotencyConflictError) return errorResponse(operation, 400, error.message, requestId);
      throw error;
    }
  };

  return async (request) => {
    const url = new URL(request.url);
    // Case-sensitive, as the parser is: `fetch` upper-cases only the six common methods, so a sent `patch` stays
    // lower case and the server refuses it. The server never reads the headers of such a request, so no id is echoed.
    if (!PARSER_METHODS.has(request.method)) {
      return errorResponse(
        undefined,
        400,
        messages.badMethod(routeList(basePathOf(url, options.baseUrls) ?? "")),
        newRequestId(),
      );
    }
    if (headerBytes(request, url) > requestLimits.headerBytes) {
      return errorResponse(undefined, 431, messages.headersTooLarge(requestLimits.headerBytes), newRequestId(), {
        connection: "close",
      });
    }
    const requestId = requestIdFor(request);
    const basePath = basePathOf(url, options.baseUrls) ?? "";
    const found = route(url.pathname.slice(basePath.length));
    const refused = refuseUrl(request, requestId, url, found);
    if (refused) return request.method.toUpperCase() === "HEAD" ? withoutBody(refused) : refused;
    let response: Response;
    try {
      response = await answer(request, requestId, url, basePath, found);
    } catch (error) {
      // Transport errors (415/413/malformed JSON) on routes that have no operation.
      if (!(error instanceof RequestError)) throw error;
      response = errorResponse(undefined, error.status, error.message, requestId, error.headers);
    }
    response = withCors(response, request.headers.get("origin"));
    return request.method.toUpperCase() === "HEAD" ? withoutBody(response) : response;
  };
}

/** Path parameters, body, query and headers, validated in the server's (Fastify's) order; throws a 400 RequestError. */
function validateRequest(
  operation: ContractOperation,
  body: ReadBody,
  pathParams: Record<string, string>,
  url: URL,
  request: Request,
): { values: Record<string, unknown>; body: unknown } {
  const path = parseParameters(operation, "path", (param) =>
    pathParams[param.name] === undefined ? undefined : decodeURIComponent(pathParams[param.name]!),
  );
  const data = validateBody(operation, body);
  const parsedQuery = parseQueryString(url.search.slice(1));
  const query = parseParameters(operation, "query", (param) => parsedQuery[param.name]);
  const headers = parseParameters(operation, "header", (param) => request.headers.get(param.name) ?? undefined);
  return { values: { ...path, ...query, ...headers }, body: data };
}
