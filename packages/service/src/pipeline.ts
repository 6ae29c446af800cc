import { operationTable, requestLimits, type ContractOperation, type ContractParameter } from "@petstore/contract";
import { parseAuthorization, WWW_AUTHENTICATE } from "./auth";
import { BODY_SAMPLE, createBodyValidator } from "./body";
import { declaresMoreThan } from "./content-length";
import { corsHeaders, preflightHeaders } from "./cors";
import { errorBody, RuleError } from "./errors";
import { operationFunctions } from "./generated/operations";
import { parseJsonBody } from "./json";
import { mediaTypeOf } from "./media-type";
import { PetIdsExhaustedError } from "./memory-store";
import { messages, PATH_PARAMETER_MAX_LENGTH } from "./messages";
import { operationFileAdvice, type Caller, type Operation } from "./operation";
import { createParameterParser, type RawParameter } from "./parameters";
import { IdempotencyConflictError } from "./pets";
import { decodeComponent, parseQueryString } from "./query";
import { requestIdFor } from "./request-id";
import { ResponseCache } from "./response-cache";
import { shapeFor } from "./shape";
import { contractBasePath, createMatcher, routeList, type PathMatch } from "./routes";
import { StoreUnavailableError, type PetStore } from "./store";

/** A request as the pipeline reads it: what every host (Node's `http`, `fetch`) can give cheaply. */
export interface ServiceRequest {
  /** The method as sent (case kept). */
  readonly method: string;
  /** The request target as sent: path and query, still percent-encoded (`/v1/pets?limit=5`). */
  readonly url: string;
  /** `"1.1"` or `"1.0"` over HTTP; undefined for a fetch `Request`. An HTTP/1.1 request must carry `Host`. */
  readonly httpVersion?: string | undefined;
  /** A header by lower-case name (several copies joined by ", "), or undefined. */
  header(name: string): string | undefined;
  /** Every copy of a header by lower-case name, in the order sent. */
  headerValues(name: string): string[];
  /**
   * The body's bytes, at most `limit + 1` of them (what follows is dropped unread). Called at most once, and only
   * for an authenticated request to an operation that takes a body: a bad key never uploads its body.
   */
  body(limit: number): Promise<Uint8Array>;
}

/** An answer of the pipeline: header names lower case (a repeated one, such as `set-cookie`, as a list), the body JSON text or null. */
export interface ServiceResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: string | null;
}

/** What the host knows about one request. */
export interface RequestContext {
  /** The base path the request came under. Defaults to the contract's (`/v1`). */
  basePath?: string | undefined;
  /** The request id the host already chose (for its logs). Defaults to the sane `X-Request-Id` or a fresh one. */
  requestId?: string | undefined;
  /** The host is shutting down: the request gets a 503 `service_unavailable` with `Retry-After`. */
  draining?: boolean | undefined;
}

/** Options of `createService`. */
export interface ServiceOptions {
  /** Where pets live. */
  store: PetStore;
  /**
   * The caller a bearer token belongs to, or undefined when it is no accepted key (a 401). Defaults to accepting any
   * non-empty token, with the token as the scope of its idempotency keys.
   */
  verifyKey?: ((token: string) => Caller | undefined) | undefined;
  /** Origins allowed by CORS; `["*"]` allows any. Defaults to `["*"]`. */
  corsOrigins?: readonly string[] | undefined;
  /** Largest accepted request body in bytes. Defaults to the contract's `x-request-limits.bodyBytes` (1 MiB). */
  bodyLimit?: number | undefined;
  /** Called with what failed a request that got a 500 (`status` 500) or a 503 because the store is down. Defaults to nothing. */
  onError?: ((error: unknown, requestId: string, status: 500 | 503) => void) | undefined;
  /** Checks each JSON answer against the contract before it is sent (the mock's); throws to refuse it. Defaults to none. */
  checkResponse?: ((operation: ContractOperation | undefined, status: number, body: unknown) => void) | undefined;
}

/** The service: one request pipeline over one store. */
export interface Service {
  /** Answers one request: matching, authentication first, parameters, body, limits, the operation, headers, errors. */
  handle(request: ServiceRequest, context?: RequestContext): Promise<ServiceResponse>;
  /**
   * Answers one request as `handle` does, at once when nothing needs waiting for (a reused answer of a read, an
   * error found before the operation runs): the answer, or a promise of it. For hosts that save the promise's turn.
   */
  respond(request: ServiceRequest, context?: RequestContext): ServiceResponse | Promise<ServiceResponse>;
  /** The operation a request addresses and its path parameters (decoded), or undefined: for journals and logs. */
  operationAt(
    method: string,
    url: string,
    basePath?: string,
  ): { operation: ContractOperation; params: Record<string, string> } | undefined;
  /** The contract's base path (`/v1`). */
  readonly basePath: string;
}

/** The Content-Type of every JSON answer. */
export const JSON_TYPE = "application/json; charset=utf-8";
/** Seconds a client is asked to wait while the store is unavailable: long enough for a restart to finish. */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

/** The headers of every answer of the service (OWASP REST: no sniffing, no caching of API answers). */
export function serviceHeaders(requestId: string): Record<string, string> {
  return { "x-request-id": requestId, "x-content-type-options": "nosniff", "cache-control": "no-store" };
}

/** An Error answer: the contract's Error body with the service's headers and `extra`. */
export function errorAnswer(
  status: number,
  message: string,
  requestId: string,
  extra?: Record<string, string>,
): ServiceResponse {
  return {
    status,
    headers: { ...serviceHeaders(requestId), "content-type": JSON_TYPE, ...extra },
    body: JSON.stringify(errorBody(status, message)),
  };
}

type ParameterParser = (raw: (param: ContractParameter) => RawParameter) => Record<string, unknown>;

/** An operation with its parsers, validators and function, worked out once. */
interface Compiled {
  readonly operation: ContractOperation;
  readonly run: Operation;
  readonly path: ParameterParser | undefined;
  readonly query: ParameterParser | undefined;
  readonly headers: ParameterParser | undefined;
  readonly body: ((data: unknown) => unknown) | undefined;
  /** Lower-case names of its header parameters: their copies are part of a read's cache key. */
  readonly headerNames: readonly string[];
  /** A read: its answer depends only on its parameters and the store, so it can be reused until the store changes. */
  readonly cacheable: boolean;
}

/** The function of `operation`; throws naming the file to write when the contract has an operation without one. */
function functionOf(operation: ContractOperation): Operation {
  const run = (operationFunctions as Record<string, Operation | undefined>)[operation.operationId];
  if (!run)
    throw new Error(
      `[@petstore/service] no function for the contract's operation ${operation.operationId}: ${operationFileAdvice(operation.operationId)}`,
    );
  return run;
}

/**
 * Operations compiled so far, shared by every service of the process (nothing in `Compiled` depends on a service's
 * options). An operation is compiled when a request first calls it: a service made for a test that calls one
 * operation, or a handler set made and never used, does not pay for the others.
 */
const compiledOperations = new Map<ContractOperation, Compiled>();

function compiledOf(operation: ContractOperation): Compiled {
  let compiled = compiledOperations.get(operation);
  if (compiled === undefined) compiledOperations.set(operation, (compiled = compile(operation)));
  return compiled;
}

function compile(operation: ContractOperation): Compiled {
  const run = functionOf(operation);
  const parser = (place: ContractParameter["in"]) => {
    const params = operation.parameters.filter((param) => param.in === place);
    return params.length === 0 ? undefined : createParameterParser(operation.operationId, params);
  };
  const requestBody = operation.requestBody;
  return {
    operation,
    run,
    path: parser("path"),
    query: parser("query"),
    headers: parser("header"),
    body: requestBody && createBodyValidator(operation.operationId, requestBody.schema, requestBody.required),
    headerNames: operation.parameters.filter((param) => param.in === "header").map((param) => param.name.toLowerCase()),
    cacheable: operation.method === "GET",
  };
}

const NO_BODY: unique symbol = Symbol("no body");

/** The request's `Authorization`, every copy joined by ", " as `fetch` joins them, so two keys are never judged by one. */
function authorizationOf(request: ServiceRequest): string | undefined {
  const first = request.header("authorization");
  if (first === undefined) return undefined;
  const all = request.headerValues("authorization");
  return all.length > 1 ? all.join(", ") : first;
}

/**
 * The service's one request pipeline (hono's `app.fetch`, msw's `handleRequest`): every host — the server's and the
 * mock's Node listener, the mock's MSW handler — answers through it, so they answer alike by construction.
 */
export function createService(options: ServiceOptions): Service {
  const { store, checkResponse, onError } = options;
  const verifyKey = options.verifyKey ?? ((token: string) => ({ scope: token }));
  const bodyLimit = options.bodyLimit ?? requestLimits.bodyBytes;
  const origins = options.corsOrigins ?? ["*"];
  const anyOrigin = origins.includes("*");
  const allowedOrigins = new Set(origins);
  const basePath = contractBasePath();
  const match = createMatcher(operationTable);
  // A missing operation function stops the service at once, not at the first request that calls it.
  for (const op of operationTable) functionOf(op);
  const cache = new ResponseCache<ServiceResponse>();
  const routeLists = new Map<string, string>();
  const routesUnder = (base: string) => {
    let list = routeLists.get(base);
    if (list === undefined) routeLists.set(base, (list = routeList(base)));
    return list;
  };

  const shapes = new Map<string, (value: unknown) => unknown>();
  /** The operation's answer with only the fields its response schema names. */
  function shape(operation: ContractOperation, status: number, body: unknown): unknown {
    const key = `${operation.operationId} ${status}`;
    let shaper = shapes.get(key);
    if (!shaper) shapes.set(key, (shaper = shapeFor(operation.responses[String(status)]?.schema)));
    return shaper(body);
  }

  function json(
    operation: ContractOperation | undefined,
    status: number,
    body: unknown,
    headers: Record<string, string>,
  ): ServiceResponse {
    checkResponse?.(operation, status, body);
    if (body === undefined) return { status, headers, body: null };
    headers["content-type"] = JSON_TYPE;
    return { status, headers, body: JSON.stringify(body) };
  }

  function fail(
    operation: ContractOperation | undefined,
    status: number,
    message: string,
    headers: Record<string, string>,
  ): ServiceResponse {
    return json(operation, status, errorBody(status, message), headers);
  }

  // The last Authorization header and what it holds: a client sends the same one request after request.
  let lastAuthorization: string | undefined;
  let lastParsed = parseAuthorization(undefined);
  function authenticate(
    request: ServiceRequest,
  ): { ok: true; caller: Caller } | { ok: false; status: 400 | 401; message: string } {
    const header = authorizationOf(request);
    if (header !== lastAuthorization) {
      lastParsed = parseAuthorization(header);
      lastAuthorization = header;
    }
    const parsed = lastParsed;
    if (!parsed.ok) return parsed;
    const caller = verifyKey(parsed.token);
    return caller ? { ok: true, caller } : { ok: false, status: 401, message: messages.invalidKey };
  }

  function refuseAuth(
    operation: ContractOperation,
    auth: { status: 400 | 401; message: string },
    headers: Record<string, string>,
  ): ServiceResponse {
    if (auth.status === 401) headers["www-authenticate"] = WWW_AUTHENTICATE;
    return fail(operation, auth.status, auth.message, headers);
  }

  /** The JSON body of a request to an operation that takes one: 415, 413 or 400 when it cannot be read as JSON. */
  async function readBody(request: ServiceRequest): Promise<unknown> {
    const contentType = request.header("content-type");
    const unsupported = () => new RuleError(415, messages.unsupportedMediaType(messages.contentTypeNote(contentType)));
    if (contentType !== undefined && mediaTypeOf(contentType) !== "application/json") throw unsupported();
    // Refused before the body is read (Expect: 100-continue is never answered); the body is then never read.
    if (declaresMoreThan(request.header("content-length"), bodyLimit))
      throw new RuleError(413, messages.bodyTooLarge(bodyLimit), { connection: "close" });
    const bytes = await request.body(bodyLimit);
    if (contentType === undefined) {
      if (bytes.byteLength === 0) return NO_BODY;
      throw unsupported();
    }
    if (bytes.byteLength > bodyLimit) throw new RuleError(413, messages.bodyTooLarge(bodyLimit));
    return parseJsonBody(bytes, BODY_SAMPLE);
  }

  /**
   * The cache key of a read: the request as sent (base path, target, the copies of its header parameters). Its answer
   * depends on nothing else, so a request met before is answered without parsing it again; two spellings of the same
   * parameters are two entries of the same answer.
   */
  function cacheKey(request: ServiceRequest, op: Compiled, base: string): string {
    // Only GETs are kept, and a target names one operation's path under a base path: under the contract's base the
    // target alone is the key (no string to build), under another the base comes first.
    let key = base === basePath ? request.url : `${base}\u0000${request.url}`;
    // Neither a target nor a header value can hold a NUL (Node's parser refuses it, fetch too); \u0001 marks a missing one.
    for (const name of op.headerNames) {
      const copies = request.headerValues(name);
      key += copies.length === 0 ? "\u0000\u0001" : `\u0000${copies.join("\u0000\u0000")}`;
    }
    return key;
  }

  /** The operation's answer: a reused one at once, else a promise of a fresh one. `mark`: where the query starts. */
  function call(
    request: ServiceRequest,
    op: Compiled,
    caller: Caller,
    params: Record<string, string>,
    mark: number,
    base: string,
    headers: Record<string, string>,
  ): ServiceResponse | Promise<ServiceResponse> {
    if (op.cacheable && store.revision) {
      // Read before the operation runs: a write in between makes the entry look stale, never fresh.
      const revision = store.revision();
      const key = cacheKey(request, op, base);
      const hit = cache.get(key, revision);
      if (hit) return { status: hit.status, headers: Object.assign(headers, hit.headers), body: hit.body };
      return run(request, op, caller, params, mark, base, headers, key, revision);
    }
    return run(request, op, caller, params, mark, base, headers, undefined, undefined);
  }

  /** Runs the operation; its answer is kept for reuse when `key` is given. */
  async function run(
    request: ServiceRequest,
    op: Compiled,
    caller: Caller,
    params: Record<string, string>,
    mark: number,
    base: string,
    headers: Record<string, string>,
    key: string | undefined,
    revision: number | undefined,
  ): Promise<ServiceResponse> {
    const { operation } = op;
    for (const name in params) {
      if (decodeComponent(params[name]!).length > PATH_PARAMETER_MAX_LENGTH)
        return fail(operation, 400, messages.longSegment, headers);
    }
    const body = op.body ? await readBody(request) : NO_BODY;
    const values: Record<string, unknown> = op.path
      ? op.path((param) => (params[param.name] === undefined ? undefined : decodeComponent(params[param.name]!)))
      : {};
    const data = op.body ? op.body(body === NO_BODY ? undefined : body) : undefined;
    if (op.query) {
      const parsed = parseQueryString(mark === -1 ? "" : request.url.slice(mark + 1));
      Object.assign(
        values,
        op.query((param) => parsed[param.name]),
      );
    }
    if (op.headers) {
      Object.assign(
        values,
        op.headers((param) => {
          const copies = request.headerValues(param.name.toLowerCase());
          return copies.length === 0 ? undefined : copies.length === 1 ? copies[0] : copies;
        }),
      );
    }
    const answer = await op.run({ params: values, body: data, caller, basePath: base, store });
    const extra = answer.headers;
    const response = json(
      operation,
      answer.status,
      answer.body === undefined ? undefined : shape(operation, answer.status, answer.body),
      extra ? Object.assign(headers, extra) : headers,
    );
    if (key !== undefined && revision !== undefined) {
      const own: Record<string, string> = extra ? { ...extra } : {};
      if (response.body !== null) own["content-type"] = JSON_TYPE;
      cache.set(key, revision, { status: response.status, headers: own, body: response.body });
    }
    return response;
  }

  function respond(request: ServiceRequest, context: RequestContext = {}): ServiceResponse | Promise<ServiceResponse> {
    const requestId = context.requestId ?? requestIdFor(request.header("x-request-id"));
    const base = context.basePath ?? basePath;
    const method = request.method;
    const target = request.url;
    const mark = target.indexOf("?");
    const path = mark === -1 ? target : target.slice(0, mark);
    const found: PathMatch = match(path, base);
    const route = found.kind === "route" || found.kind === "undecodable" ? found.route : undefined;
    const operation = route?.operations.get(method);
    const headers = serviceHeaders(requestId);
    // Every answer of the operation carries them (getPet's deprecation), its earliest errors included.
    if (operation) Object.assign(headers, operation.constantHeaders);
    try {
      if (context.draining) {
        headers["retry-after"] = "1";
        return fail(operation, 503, messages.shuttingDown, headers);
      }
      if (request.httpVersion === "1.1" && request.header("host") === undefined)
        return fail(operation, 400, messages.missingHost, headers);
      const origin = request.header("origin");
      if (!anyOrigin) headers.vary = "Origin";
      const corsAllowed = origin !== undefined && (anyOrigin || allowedOrigins.has(origin));
      if (corsAllowed) Object.assign(headers, corsHeaders(anyOrigin ? "*" : origin));
      if (found.kind === "undecodable") {
        if (operation) {
          const auth = authenticate(request);
          if (!auth.ok) return refuseAuth(operation, auth, headers);
        }
        return fail(operation, 400, messages.badUrl, headers);
      }
      if (
        corsAllowed &&
        route &&
        method === "OPTIONS" &&
        request.header("access-control-request-method") !== undefined
      ) {
        Object.assign(headers, preflightHeaders([...route.operations.keys()]));
        return { status: 204, headers, body: null };
      }
      if (!route) return fail(undefined, 404, messages.notFound(method, path, routesUnder(base)), headers);
      if (!operation) {
        // Every method the path supports, OPTIONS included since it is answered (RFC 9110 §10.2.1, §15.5.6); the
        // message names the API's own.
        headers.allow = `${route.allow}, OPTIONS`;
        if (method === "OPTIONS") return { status: 204, headers, body: null };
        return fail(undefined, 405, messages.methodNotAllowed(method, path, route.allow), headers);
      }
      const auth = authenticate(request);
      if (!auth.ok) return refuseAuth(operation, auth, headers);
      const op = compiledOf(operation);
      const answer = call(request, op, auth.caller, route.params, mark, base, headers);
      return answer instanceof Promise
        ? answer.then(undefined, (error: unknown) => recover(error, operation, requestId, headers))
        : answer;
    } catch (error) {
      return recover(error, operation, requestId, headers);
    }
  }

  /** The answer to a request whose operation threw `error`; rethrows an AbortError (the client went away). */
  function recover(
    error: unknown,
    operation: ContractOperation | undefined,
    requestId: string,
    headers: Record<string, string>,
  ): ServiceResponse {
    if (error instanceof RuleError)
      return fail(operation, error.status, error.message, { ...headers, ...error.headers });
    if (error instanceof IdempotencyConflictError) return fail(operation, 400, error.message, headers);
    if (error instanceof StoreUnavailableError) {
      // The cause (a dropped connection, a full disk) is for the operator's log, not for the client.
      onError?.(error, requestId, 503);
      headers["retry-after"] = String(UNAVAILABLE_RETRY_AFTER_S);
      return fail(operation, 503, messages.storageUnavailable(UNAVAILABLE_RETRY_AFTER_S, requestId), headers);
    }
    // Not a fault to hide: the store is full, and saying so is how to fix it.
    if (error instanceof PetIdsExhaustedError) return fail(operation, 500, error.message, stripBodyHeaders(headers));
    if ((error as { name?: unknown } | null)?.name === "AbortError") throw error;
    onError?.(error, requestId, 500);
    return errorAnswer(500, messages.internalError(requestId), requestId, stripBodyHeaders(headers));
  }

  return {
    respond,
    handle(request, context) {
      try {
        return Promise.resolve(respond(request, context));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    basePath,
    operationAt(method, url, base = basePath) {
      const mark = url.indexOf("?");
      const found = match(mark === -1 ? url : url.slice(0, mark), base);
      if (found.kind !== "route") return undefined;
      const operation = found.route.operations.get(method);
      if (!operation) return undefined;
      const params: Record<string, string> = {};
      for (const [name, raw] of Object.entries(found.route.params)) params[name] = decodeComponent(raw);
      return { operation, params };
    },
  };
}

/** The headers of an answer that failed while it was being made, less those that described its body. */
function stripBodyHeaders(headers: Record<string, string>): Record<string, string> {
  const { location: _location, "idempotent-replayed": _replayed, "content-type": _type, ...rest } = headers;
  return rest;
}
