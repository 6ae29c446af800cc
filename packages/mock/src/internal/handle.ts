import type { ResolvedOptions } from "../options";
import { IdempotencyConflictError, type PetstoreMockStore } from "../store";
import { createAuthenticator, WWW_AUTHENTICATE } from "./auth";
import { readBody, validateBody, type ReadBody } from "./body";
import { componentSchema, type ContractOperation } from "./contract";
import { RequestError } from "./errors";
import { basePathOf } from "./match";
import { createOperations } from "./operations";
import { PARSER_METHODS } from "./methods";
import { parseParameters } from "./parameters";
import { newRequestId, requestIdFor } from "./request-id";
import { contractJson, errorResponse } from "./respond";
import { createRouter, routeList } from "./routing";

/** Methods that never carry a body (`fetch` refuses one), so nothing is parsed for them. */
const BODYLESS = new Set(["GET", "HEAD"]);

/** The path of a request, cut to a length that is safe to echo in a message. */
function shortPath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** A HEAD answer carries the status and headers of the full answer and no body, as over HTTP. */
function withoutBody(response: Response): Response {
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Answers one request under a base URL in the reference server's order: an undecodable URL is a 400; a path outside
 * the contract is a 404 and a method it does not define a 405 (before authentication); then authentication, the
 * body (415/413/400), parameter and body validation (400), and the operation on the store.
 */
export function createRequestHandler(options: ResolvedOptions, store: PetstoreMockStore): (request: Request) => Promise<Response> {
  const route = createRouter();
  const authenticate = createAuthenticator(options.apiKeys);
  const operations = createOperations(store);
  // The server's messages about an empty or malformed body show NewPet's example on every route.
  const example = componentSchema("NewPet").example;

  const answer = async (request: Request, requestId: string): Promise<Response> => {
    const url = new URL(request.url);
    const basePath = basePathOf(url, options.baseUrls) ?? "";
    // Case-sensitive, as the parser is: `fetch` upper-cases only the six common methods, so a sent `patch` stays
    // lower case and the server refuses it.
    if (!PARSER_METHODS.has(request.method)) {
      return errorResponse(undefined, 400, `The request method is not a valid HTTP method. Send one of this API's requests: ${routeList(basePath)}.`, requestId);
    }
    const method = request.method.toUpperCase();
    if (!decodable(url.pathname)) return errorResponse(undefined, 400, "The URL is not valid: fix its percent-encoding.", requestId);
    const found = route(url.pathname.slice(basePath.length));
    // The server's router gives an empty path parameter (`/pets/`) only to the path's own methods and OPTIONS.
    const match = found && (!found.emptyParameter || found.operations.has(method) || method === "OPTIONS") ? found : undefined;
    if (!match) {
      if (!BODYLESS.has(method)) await readBody(request, { unknownRoute: true, example });
      return errorResponse(undefined, 404, `There is no ${method} ${shortPath(url.pathname)}. This API serves ${routeList(basePath)}.`, requestId);
    }
    const allow = [...match.operations.keys()].join(", ");
    const operation = match.operations.get(method);
    if (!operation) {
      if (method !== "OPTIONS") return errorResponse(undefined, 405, `${method} is not allowed on ${shortPath(url.pathname)}. Use ${allow}.`, requestId, { allow });
      await readBody(request, { example });
      return new Response(null, { status: 204, headers: { allow: `${allow}, OPTIONS`, "x-request-id": requestId } });
    }

    const auth = authenticate(request.headers.get("authorization"));
    if (!auth.ok) return errorResponse(operation, 401, auth.message, requestId, WWW_AUTHENTICATE);
    try {
      const body: ReadBody = BODYLESS.has(method) ? { present: false } : await readBody(request, { example });
      const params = validateRequest(operation, body, match.params, url, request);
      const handler = operations[operation.operationId];
      if (!handler) throw new Error(`[@petstore/mock] no handler for the contract's operation ${operation.operationId}`);
      const result = handler({ apiKey: auth.apiKey, params: params.values, body: params.body, basePath });
      return contractJson(operation, result.status, result.body, requestId, result.headers);
    } catch (error) {
      if (error instanceof RequestError) return errorResponse(operation, error.status, error.message, requestId, error.headers);
      if (error instanceof IdempotencyConflictError) return errorResponse(operation, 400, error.message, requestId);
      throw error;
    }
  };

  return async (request) => {
    // The server never reads the headers of a request whose method its parser refuses, so it cannot echo an id.
    const requestId = PARSER_METHODS.has(request.method) ? requestIdFor(request) : newRequestId();
    let response: Response;
    try {
      response = await answer(request, requestId);
    } catch (error) {
      // Transport errors (415/413/malformed JSON) on routes that have no operation.
      if (!(error instanceof RequestError)) throw error;
      response = errorResponse(undefined, error.status, error.message, requestId, error.headers);
    }
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
  const of = (place: "path" | "query" | "header") => operation.parameters.filter((param) => param.in === place);
  const path = parseParameters(of("path"), (param) => (pathParams[param.name] === undefined ? undefined : decodeURIComponent(pathParams[param.name]!)));
  const data = operation.requestBody ? validateBody(body, operation.requestBody.schema, operation.requestBody.required) : undefined;
  const query = parseParameters(of("query"), (param) => {
    const values = url.searchParams.getAll(param.name);
    return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
  });
  const headers = parseParameters(of("header"), (param) => request.headers.get(param.name) ?? undefined);
  return { values: { ...path, ...query, ...headers }, body: data };
}
