import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Server as NetServer, type AddressInfo, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import { requestLimits } from "@petstore/contract";
import { declaresMoreThan } from "../content-length";
import { messages } from "../messages";
import { errorAnswer, type RequestContext, type ServiceRequest, type ServiceResponse } from "../pipeline";
import { newRequestId, requestIdFor } from "../request-id";
import { contractBasePath, routeList } from "../routes";
import { describeClientError, rawErrorResponse, type ClientError } from "./client-errors";
import { isLingering, linger, lingerAfterResponse } from "./linger";
import { NodeRequest } from "./request";

export { NodeRequest };
export { healthRoutes } from "./health";
export type { HealthOptions, NodeRoutes } from "./health";

/**
 * A request the listener received, for the host's logs. The object handed to `onRequest` is the one later handed to
 * `onResponse`, filled in.
 */
export interface NodeRequestEvent {
  requestId: string;
  method: string;
  url: string;
  message: IncomingMessage;
}

/** A request the listener answered (or failed to), for the host's logs. */
export interface NodeResponseEvent extends NodeRequestEvent {
  status: number;
  /** Milliseconds from arrival until the answer was handed to the system. */
  responseTime: number;
  /**
   * `performance.now()` when the answer was handed to the system (or failed): for a host that dates its log line
   * without reading the clock again.
   */
  endedAt: number;
  /** Set when the response failed before it was sent. */
  error?: Error | undefined;
}

/** A request Node's parser refused, answered with an Error body (or a CONNECT, answered 404). */
export interface NodeClientErrorEvent {
  requestId: string;
  status: number;
  /** llhttp's `HPE_…` or Node's `ERR_HTTP_…` code; `CONNECT` for a CONNECT request. */
  code: string | undefined;
  message: string;
}

/** Options of `listenNode`. */
export interface NodeListenOptions {
  /**
   * Answers a request: the service's `respond` (or `handle`), or a host's dispatch around it. An answer given at once
   * is written at once, without waiting a turn for a promise.
   */
  handle(request: ServiceRequest, context: RequestContext): ServiceResponse | Promise<ServiceResponse>;
  /** TCP port; 0 picks a free one. Defaults to 0. */
  port?: number | undefined;
  /** Interface to listen on. Defaults to "127.0.0.1". */
  host?: string | undefined;
  /** Milliseconds a client may take to send a whole request; a slower one gets a 408. Defaults to 30000. */
  requestTimeout?: number | undefined;
  /** Milliseconds without a new connection before a closing listener stops listening. Defaults to 300. */
  drainQuietMs?: number | undefined;
  /**
   * Milliseconds a closing listener then waits for connections to finish (requests in progress, connections that
   * have sent nothing yet) before it ends them all. Defaults to 10000.
   */
  drainMaxMs?: number | undefined;
  /** Answers requests outside the API itself (health checks); returns true when it did. Defaults to none. */
  routes?: ((message: IncomingMessage, response: ServerResponse, requestId: string) => boolean) | undefined;
  /** Called when a request arrives. */
  onRequest?: ((event: NodeRequestEvent) => void) | undefined;
  /** Called once a request's answer has been handed to the system, or has failed. */
  onResponse?: ((event: NodeResponseEvent) => void) | undefined;
  /** Called for a request the parser refused and a CONNECT. Never gets the request's bytes (they hold its key). */
  onClientError?: ((event: NodeClientErrorEvent) => void) | undefined;
  /** Called with what `handle` threw (the client got a 500). Defaults to nothing. */
  onError?: ((error: unknown, requestId: string) => void) | undefined;
}

/** A listening Node server over the service. */
export interface NodeListener {
  /** `http://HOST:PORT`. */
  readonly url: string;
  readonly server: Server;
  /**
   * Drains, then closes: every request already accepted gets its own answer, with `Connection: close`; a request that
   * arrives meanwhile gets a 503 `service_unavailable` with `Retry-After` and `Connection: close`. The listener stays
   * open until no connection has arrived for `drainQuietMs` (closing it at once would reset connections still in
   * the kernel's accept backlog), then closes, ends idle connections and resolves when the last one has ended.
   */
  close(): Promise<void>;
}

const tracked = Symbol("petstore.tracked");
const expectsContinue = Symbol("petstore.continue");
const served = Symbol("petstore.served");

/**
 * One request's event, from its arrival to its end: the one object per request both callbacks get (a closure or a
 * copy per request cost more than the rest of its log line).
 */
class Exchange implements NodeResponseEvent {
  status = 0;
  responseTime = 0;
  endedAt = 0;
  error: Error | undefined = undefined;
  /** `performance.now()` at arrival; -1 once reported. */
  #start: number;
  readonly #report: ((event: NodeResponseEvent) => void) | undefined;

  constructor(
    readonly requestId: string,
    readonly method: string,
    readonly url: string,
    readonly message: IncomingMessage,
    report: ((event: NodeResponseEvent) => void) | undefined,
  ) {
    this.#start = performance.now();
    this.#report = report;
  }

  /** Reports the end once, with the status sent (or the error that ended it). */
  end(status: number, error: Error | undefined): void {
    if (this.#start < 0 || this.#report === undefined) return;
    const now = performance.now();
    this.endedAt = now;
    this.responseTime = Math.round((now - this.#start) * 1000) / 1000;
    this.#start = -1;
    this.status = status;
    this.error = error;
    this.#report(this);
  }
}

type TrackedResponse = ServerResponse & { [tracked]?: Exchange };

/** The one `finish` and `error` listener of every tracked response. */
function ended(this: TrackedResponse, error?: Error): void {
  this[tracked]?.end(this.statusCode, error);
}

/**
 * Reports a tracked response's end once it has been handed to the system: at once when `end()` has written every byte
 * of it into the socket (the usual case; its `finish` then follows on the next tick and would say the same), else
 * from its `finish` or `error` event.
 */
function reportWhenSent(response: TrackedResponse): void {
  const exchange = response[tracked];
  if (exchange === undefined) return;
  const socket = response.socket;
  if (
    response.writableEnded &&
    !response.destroyed &&
    socket !== null &&
    !socket.destroyed &&
    socket.writableLength === 0
  )
    exchange.end(response.statusCode, undefined);
  else {
    response.on("finish", ended);
    response.on("error", ended);
  }
}

/** The size of the request line and headers as they crossed the wire (`name: value\r\n` each). */
function headerBytes(message: IncomingMessage): number {
  const raw = message.rawHeaders;
  let size = (message.method?.length ?? 0) + (message.url?.length ?? 0) + 11;
  for (let i = 0; i < raw.length; i += 2) size += raw[i]!.length + raw[i + 1]!.length + 4;
  return size;
}

/** `http://host:port` of a listening server; an unspecified address (`0.0.0.0`, `::`) is reached on loopback. */
function originOf({ address, port }: AddressInfo): string {
  const host = address === "0.0.0.0" ? "127.0.0.1" : address === "::" ? "::1" : address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/**
 * The service over Node's `http`: the one Node adapter, under the reference server and `@petstore/mock/http` alike,
 * so what Node's parser refuses (an unknown or lower-case method, a space in the path, bad framing, headers over the
 * contract's `headerBytes`) gets the same Error body with an `X-Request-Id` from both, and both drain alike on close.
 */
export async function listenNode(options: NodeListenOptions): Promise<NodeListener> {
  const { handle, routes, onRequest, onResponse, onClientError, onError } = options;
  const requestTimeout = options.requestTimeout ?? 30_000;
  const quietMs = options.drainQuietMs ?? 300;
  const drainMaxMs = options.drainMaxMs ?? 10_000;
  const basePath = contractBasePath();
  const context = { routeList: routeList(basePath), maxHeaderSize: requestLimits.headerBytes };
  const server = createServer({
    maxHeaderSize: requestLimits.headerBytes,
    // A missing Host is answered by the pipeline with an Error body, not by Node with an empty 400.
    requireHostHeader: false,
    // Node enforces a requestTimeout given here, checked every connectionsCheckingInterval: at least every second.
    requestTimeout,
    connectionsCheckingInterval: Math.min(1000, requestTimeout),
  });
  // Every header is kept (Node drops those past 2,000 by default), so their total can be held to the limit; a header
  // line takes at least 4 bytes, so more than this many are over the limit anyway.
  server.maxHeadersCount = Math.ceil(requestLimits.headerBytes / 4) + 1;
  let draining = false;
  let lastConnection = 0;
  const sockets = new Set<Socket>();

  // The last body sent, as UTF-8 bytes with their length: a reused answer (the service's cache) is the very same
  // string, so it is neither encoded nor counted again, and its bytes go to the socket as they are (Node would
  // otherwise copy the head and the body into one string, and encode that for every response).
  let lastBody = "";
  let lastBytes = Buffer.alloc(0);
  let lastLength = "0";
  function write(message: IncomingMessage, response: ServerResponse, answer: ServiceResponse): void {
    if (!response.destroyed) {
      const { headers, body } = answer;
      if (!message.complete) {
        // A body over the limit that is still arriving is never read: closing, not draining it, stops the client.
        if (declaresMoreThan(message.headers["content-length"], requestLimits.bodyBytes)) headers.connection = "close";
        // Should the answer close the connection (that, the client's `Connection: close`, HTTP/1.0), what the client
        // still sends is read and dropped after it: a reset would swallow the answer.
        lingerAfterResponse(message);
      }
      if (draining) headers.connection = "close";
      if (body === null) {
        response.writeHead(answer.status, headers);
        response.end();
      } else {
        if (body !== lastBody) {
          lastBody = body;
          lastBytes = Buffer.from(body, "utf8");
          lastLength = String(lastBytes.byteLength);
        }
        headers["content-length"] = lastLength;
        response.writeHead(answer.status, headers);
        // An empty body is not written (Node would take an empty Buffer for data to send and write nothing else).
        response.end(message.method === "HEAD" || lastBytes.byteLength === 0 ? undefined : lastBytes);
      }
    }
    reportWhenSent(response);
  }

  function serve(message: IncomingMessage, response: ServerResponse): void {
    const requestId = requestIdFor(message.headers["x-request-id"] as string | undefined);
    if (headerBytes(message) > requestLimits.headerBytes) {
      // Node bounds each batch of headers, not their total: many small ones pass its parser, and are refused here.
      onClientError?.({ requestId, status: 431, code: "HPE_HEADER_OVERFLOW", message: "too many header bytes" });
      const answer = errorAnswer(431, messages.headersTooLarge(requestLimits.headerBytes), requestId, {
        connection: "close",
      });
      write(message, response, answer);
      return;
    }
    if (onRequest || onResponse) {
      const event = new Exchange(requestId, message.method ?? "GET", message.url ?? "/", message, onResponse);
      onRequest?.(event);
      // Reported by `reportWhenSent` once answered: one object per request, no closure, no listener in the usual case.
      if (onResponse) (response as TrackedResponse)[tracked] = event;
    }
    (message.socket as Socket & { [served]?: boolean })[served] = true;
    if (routes?.(message, response, requestId)) {
      reportWhenSent(response);
      return;
    }
    const request = new NodeRequest(
      message,
      response,
      (message as { [expectsContinue]?: boolean })[expectsContinue] === true,
    );
    // Answered with the others read in this poll phase, once it is over; see `answerArrived`.
    if (arrived.length === 0) setImmediate(answerArrived);
    arrived.push(request, response, { requestId, draining });
  }

  // The requests parsed since the last `answerArrived`: request, response and context of each, one after another.
  let arrived: (NodeRequest | ServerResponse | RequestContext)[] = [];

  /**
   * Answers the requests that arrived during the last poll phase, in order, in one go: right after it (libuv runs
   * immediates once it has read every socket found ready), so every one of them was read off its socket before any is
   * answered. A store may then read what it needs to tell changes (SQLite's WAL-index header) once for all of them
   * instead of once each: a change acknowledged to any client before it sent one of these requests was made before
   * that read. Under load a poll phase brings many requests.
   */
  function answerArrived(): void {
    const batch = arrived;
    arrived = [];
    for (let i = 0; i < batch.length; i += 3)
      answerOne(batch[i] as NodeRequest, batch[i + 1] as ServerResponse, batch[i + 2] as RequestContext);
  }

  function answerOne(request: NodeRequest, response: ServerResponse, context: RequestContext): void {
    const { message } = request;
    const requestId = context.requestId!;
    let answer: ServiceResponse | Promise<ServiceResponse>;
    try {
      answer = handle(request, context);
    } catch (error) {
      failed(message, response, requestId, error);
      return;
    }
    if (answer instanceof Promise)
      answer.then(
        (settled) => write(message, response, settled),
        (error: unknown) => failed(message, response, requestId, error),
      );
    else write(message, response, answer);
  }

  /** Answers a request whose handling threw: a 500, or nothing when the client went away or the answer began. */
  function failed(message: IncomingMessage, response: ServerResponse, requestId: string, error: unknown): void {
    if ((error as { name?: unknown } | null)?.name === "AbortError" || response.headersSent) {
      response.destroy();
      return;
    }
    onError?.(error, requestId);
    write(message, response, errorAnswer(500, messages.internalError(requestId), requestId));
  }

  server.on("request", serve);
  server.on("checkContinue", (message: IncomingMessage, response: ServerResponse) => {
    (message as { [expectsContinue]?: boolean })[expectsContinue] = true;
    serve(message, response);
  });
  // Expectations other than 100-continue may be ignored (RFC 9110 §10.1.1): served as usual, not an empty 417.
  server.on("checkExpectation", serve);
  server.on("connection", (socket: Socket) => {
    lastConnection = performance.now();
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("clientError", (error: ClientError, socket: Duplex) => {
    // A reset connection has nobody left to answer; one already answered is only being read to its end (Node's
    // parser, still in error, may report each later chunk again, and a lingering socket's own errors come here too).
    if (error.code === "ECONNRESET" || socket.destroyed || isLingering(socket)) return;
    const { status, message } = describeClientError(error, context);
    const requestId = newRequestId();
    onClientError?.({ requestId, status, code: error.code, message: error.message });
    // As Node does: never write into a response that has already started on this socket.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) socket.destroy();
    // The client may still be sending (a body after a refused head): read to its end, so no reset swallows the answer.
    else linger(socket, rawErrorResponse(status, message, requestId));
  });
  // This is not a proxy: a CONNECT gets the 404 any unknown target gets (without a listener Node drops it silently).
  server.on("connect", (message: IncomingMessage, socket: Socket) => {
    const requestId = requestIdFor(message.headers["x-request-id"] as string | undefined);
    const target = (message.url ?? "").slice(0, 200);
    const text = `There is no CONNECT ${target}: this server is not a proxy. This API serves ${context.routeList}.`;
    onClientError?.({ requestId, status: 404, code: "CONNECT", message: text });
    if (socket.writable) linger(socket, rawErrorResponse(404, text, requestId));
    else socket.destroy();
  });

  const port = options.port ?? 0;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject).listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const url = originOf(server.address() as AddressInfo);

  let closing: Promise<void> | undefined;
  async function drainAndClose(): Promise<void> {
    draining = true;
    const started = performance.now();
    // Quiet for `quietMs` since closing began and since the last connection arrived.
    for (;;) {
      const quietSince = Math.max(started, lastConnection);
      const left = quietSince + quietMs - performance.now();
      if (left > 0) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(left, 50)));
        continue;
      }
      // Timers run before the loop polls for I/O: after a busy turn, connections may be waiting to be accepted.
      // setImmediate runs after that poll, so a connection accepted in it is seen before the listener closes.
      await new Promise((resolve) => setImmediate(resolve));
      if (Math.max(started, lastConnection) === quietSince) break;
    }
    // net.Server's close: it stops listening and waits for every connection. http.Server's own also ends the idle ones
    // at once (Node 19+), among them connections just accepted whose request has not been read yet: they would reset.
    const closed = new Promise<void>((resolve, reject) =>
      NetServer.prototype.close.call(server, (error?: Error) => (error ? reject(error) : resolve())),
    );
    // Requests in progress end their connections after their answers (`Connection: close`). A connection idle after
    // an answer is ended now; one that has sent nothing yet is given until `drainMaxMs` to send its request (ending
    // it would reset a request already on its way, as Node's closeIdleConnections would).
    const deadline = performance.now() + drainMaxMs;
    while (sockets.size > 0 && performance.now() < deadline) {
      for (const socket of sockets) {
        const state = socket as Socket & { [served]?: boolean; _httpMessage?: ServerResponse | null };
        if (state[served] && !state._httpMessage && !socket.writableEnded) socket.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    server.closeAllConnections();
    // Lingering connections (see `linger`) are no longer Node's to close.
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  return {
    url,
    server,
    close: () => (closing ??= drainAndClose()),
  };
}
