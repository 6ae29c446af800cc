import type { ServerResponse } from "node:http";
import type { Writable } from "node:stream";
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import pino, { type Bindings, type ChildLoggerOptions, type Logger } from "pino";
import type { LogLevel } from "../options";
import { batchLines, type LineBatcher } from "./line-batcher";

const { chindingsSym, streamSym } = pino.symbols;

type LogArgs = [unknown, ...unknown[]];

/**
 * A pino logger whose children are made lazily: Fastify's `request.log` for every request is one (see
 * `ServerLog.fastifyOptions`), and becomes a pino child only when something logs through it (a warning, an error,
 * the debug line). A pino child serializes its bindings and copies the logger's state, which cost more than the
 * rest of a request's logging; the line every request writes, "request completed", is built by `completedLine`
 * without it.
 */
export class RequestLog {
  #child: Logger | undefined;

  constructor(
    /** The pino logger this is a child of. */
    readonly parent: Logger,
    /** The child's bindings: `{ reqId }` for a request's. */
    readonly bindings: Bindings,
    /** The child's options (Fastify's serializers for the server's; a route's log level or serializers, none here). */
    readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child with these bindings, created on first use. */
  get pino(): Logger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.pino.level;
  }

  set level(level: string) {
    this.pino.level = level;
  }

  fatal(...args: LogArgs): void {
    (this.pino.fatal as (...args: LogArgs) => void)(...args);
  }
  error(...args: LogArgs): void {
    (this.pino.error as (...args: LogArgs) => void)(...args);
  }
  warn(...args: LogArgs): void {
    (this.pino.warn as (...args: LogArgs) => void)(...args);
  }
  info(...args: LogArgs): void {
    (this.pino.info as (...args: LogArgs) => void)(...args);
  }
  debug(...args: LogArgs): void {
    (this.pino.debug as (...args: LogArgs) => void)(...args);
  }
  trace(...args: LogArgs): void {
    (this.pino.trace as (...args: LogArgs) => void)(...args);
  }
  silent(): void {}

  child(bindings: Bindings, options: ChildLoggerOptions = {}): FastifyBaseLogger {
    return new RequestLog(this.pino, bindings, options) as unknown as FastifyBaseLogger;
  }
}

/** The fields of the line written when a request ends. */
export interface CompletedFields {
  method: string;
  url: string;
  statusCode: number;
  /** Milliseconds. */
  responseTime: number;
}

/**
 * The JSON line `logger.child({ reqId }).info(fields, "request completed")` writes, built as one string: the same
 * bytes pino writes with `serverPino`'s options (default formatters, `time` in epoch milliseconds, `msg` last), the
 * request id after the logger's own bindings (`chindings`: `,"pid":…,"hostname":…`).
 */
export function completedLine(chindings: string, reqId: string, fields: CompletedFields): string {
  return (
    `{"level":30,"time":${Date.now()}${chindings}` +
    `,"reqId":${jsonString(reqId)},"method":${jsonString(fields.method)},"url":${jsonString(fields.url)}` +
    `,"statusCode":${fields.statusCode},"responseTime":${fields.responseTime},"msg":"request completed"}\n`
  );
}

/** `value` as a JSON string: as it is between quotes when nothing in it needs escaping (the usual case). */
export function jsonString(value: string): string {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // Control characters, `"`, `\` and surrogates (JSON.stringify escapes lone ones) take the slow path.
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(value);
  }
  return `"${value}"`;
}

/**
 * Fastify's own serializers for `req`, `res` and `err` (`fastify/lib/logger-pino.js`), which it gives the logger it
 * makes when its logger is on: Fastify's logger is off here, so the server's pino logger carries them itself.
 */
const fastifySerializers = {
  // Not only requests: a line may carry a plain `req` object (the CONNECT line's method and URL).
  req: (request: Partial<FastifyRequest>) => ({
    method: request.method,
    url: request.url,
    version: request.headers?.["accept-version"],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
  err: pino.stdSerializers.err,
};

/**
 * Fastify's per-request log calls with its logger off: the "incoming request" line at `debug`, and Fastify's own
 * warnings (a stream cut short, a failing serializer) through `request.log`. The line written when a request ends
 * is the server's (see `ServerLog.track`), so Fastify never calls `requestCompleted`. No line carries request
 * headers, so the Authorization header cannot reach the log.
 */
class RequestLogController extends LogController {
  readonly #traceIncoming: boolean;

  constructor(level: LogLevel | undefined) {
    super();
    this.#traceIncoming = level === "debug" || level === "trace";
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.#traceIncoming) request.log.debug({ req: request }, "incoming request");
  }
}

/** Where logs go and at which level. */
export interface LogSettings {
  level: LogLevel;
  /** A stream to write JSON lines to; undefined for stdout. */
  stream?: Writable;
}

/** The server's pino logger: JSON lines at `settings.level` to `settings.stream` (stdout by default). */
export function serverPino(settings: LogSettings): Logger {
  return pino(
    {
      level: settings.level,
      serializers: fastifySerializers,
      // Nothing logs headers today; this keeps it so if someone adds `req.headers` to a line later.
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "headers.authorization"],
        censor: "[redacted]",
      },
    },
    settings.stream ?? stdoutLines(),
  );
}

/**
 * The server's logs: JSON lines (pino's format) with one line per request, written when it ends. Fastify runs with
 * its logger off, which spares every request Fastify's response listeners and completion callbacks; its
 * `request.log` is still a logger of the server's (a lazy `RequestLog` with the request's `reqId`), through a
 * child logger factory.
 */
export class ServerLog {
  /** The pino logger every line goes through, but the one each request ends with. */
  readonly pino: Logger;
  readonly #completed: boolean;
  readonly #chindings: string;
  readonly #stream: { write(line: string): unknown };

  constructor(settings: LogSettings) {
    this.pino = serverPino(settings);
    this.#completed = this.pino.isLevelEnabled("info");
    const internals = this.pino as unknown as Record<symbol, unknown>;
    this.#chindings = internals[chindingsSym] as string;
    this.#stream = internals[streamSym] as { write(line: string): unknown };
  }

  /** Fastify's options for these logs: its own logger off, `request.log` the server's, one line per request. */
  fastifyOptions(): Pick<FastifyServerOptions, "logger" | "childLoggerFactory" | "logController"> {
    const root = this.pino;
    return {
      logger: false,
      childLoggerFactory: (_logger, bindings, options) =>
        new RequestLog(root, bindings, options) as unknown as FastifyBaseLogger,
      logController: new RequestLogController(root.level as LogLevel),
    };
  }

  /**
   * Writes the request's line when its response has been handed to the system ("request completed", with the
   * request id, method, URL, status and milliseconds from now), or "request errored" if the response fails first.
   * Call it when the request arrives.
   */
  track(request: FastifyRequest, reply: FastifyReply): void {
    // One shared listener and one small object per request: a closure per request costs more (under tsx each
    // one is also named with a defineProperty call).
    const res = reply.raw as TrackedResponse;
    res[trackedSym] = new Tracked(this, request, performance.now());
    res.on("finish", requestEnded);
    res.on("error", requestEnded);
  }

  /** Writes the line of a request that ended (`error` when its response failed). */
  ended(request: FastifyRequest, statusCode: number, start: number, error: Error | undefined): void {
    // Milliseconds to the microsecond: more digits are float noise.
    const responseTime = Math.round((performance.now() - start) * 1000) / 1000;
    const fields = { method: request.method, url: request.url, statusCode, responseTime };
    if (error) request.log.error({ ...fields, err: error }, "request errored");
    else if (this.#completed) this.#stream.write(completedLine(this.#chindings, request.id, fields));
  }
}

const trackedSym = Symbol("petstore.tracked");

/** What a tracked response's listener needs; `start` is -1 once its line is written. */
class Tracked {
  constructor(
    readonly log: ServerLog,
    readonly request: FastifyRequest,
    public start: number,
  ) {}
}

type TrackedResponse = ServerResponse & { [trackedSym]?: Tracked };

function requestEnded(this: TrackedResponse, error?: Error): void {
  const tracked = this[trackedSym];
  if (tracked === undefined || tracked.start < 0) return;
  const { start } = tracked;
  tracked.start = -1;
  tracked.log.ended(tracked.request, this.statusCode, start, error);
}

/** Fastify's per-request log calls with logs off: none (not even the no-op "incoming request" call's object). */
class NoRequestLogs extends LogController {
  override incomingRequest(): void {}
}

/** Fastify's options for a server without logs. */
export function withoutLogs(): Pick<FastifyServerOptions, "logger" | "logController"> {
  return { logger: false, logController: new NoRequestLogs() };
}

let stdout: LineBatcher | undefined;

/**
 * The process's stdout as a log destination, shared by every server in the process: the lines of one
 * event-loop turn go out in one write (sonic-boom, synchronous, which retries partial writes and full
 * pipes), and whatever is pending is written when the process exits.
 */
function stdoutLines(): LineBatcher {
  if (stdout === undefined) {
    const lines = batchLines(pino.destination({ dest: 1, sync: true }));
    process.once("exit", () => lines.flush());
    stdout = lines;
  }
  return stdout;
}
