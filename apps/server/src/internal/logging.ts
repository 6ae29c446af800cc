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
 * A pino logger whose children are made lazily: the server's logger is one (`loggerInstance`), so Fastify's
 * `request.log` for every request is one too, and becomes a pino child only when something logs through it (a
 * warning, an error, the debug line). A pino child serializes its bindings and copies the logger's state, which
 * cost more than the rest of a request's logging; the line every request writes, "request completed", is built
 * by `completedLine` without it.
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
 * The JSON line `log.info({ method, url, statusCode, responseTime }, "request completed")` writes, built as one
 * string: the same bytes pino writes with the options `loggerOptions` gives it (default formatters, `time` in
 * epoch milliseconds, `msg` last), the request's bindings after the logger's own (`pid`, `hostname`). Undefined
 * when the child would be configured differently (a route's own level or serializers): pino writes that one.
 */
export function completedLine(log: RequestLog, fields: CompletedFields): string | undefined {
  if (log.options.level !== undefined || log.options.serializers !== undefined) return undefined;
  const { reqId } = log.bindings;
  if (typeof reqId !== "string") return undefined;
  for (const key in log.bindings) if (key !== "reqId") return undefined;
  return (
    `{"level":30,"time":${Date.now()}${(log.parent as unknown as Record<symbol, string>)[chindingsSym]}` +
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
 * Fastify logs two lines per request by default ("incoming request", "request completed"). This keeps one,
 * at the end, with what an operator greps for: request id (the logger's `reqId` binding), method, URL,
 * status and time. The incoming line is still written at `debug`, for tracing a request that never ends.
 * No line carries request headers, so the Authorization header cannot reach the log.
 */
class OneLinePerRequest extends LogController {
  readonly #traceIncoming: boolean;

  constructor(level: LogLevel) {
    super();
    this.#traceIncoming = level === "debug" || level === "trace";
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.#traceIncoming) request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Milliseconds to the microsecond: more digits are float noise.
    const responseTime = Math.round(reply.elapsedTime * 1000) / 1000;
    const fields = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime };
    if (error) {
      reply.log.error({ ...fields, err: error }, "request errored");
      return;
    }
    const log = reply.log as unknown as RequestLog | FastifyBaseLogger;
    if (log instanceof RequestLog) {
      if (!log.parent.isLevelEnabled("info")) return;
      const line = completedLine(log, fields);
      if (line !== undefined) {
        (log.parent as unknown as Record<symbol, { write(line: string): unknown }>)[streamSym]!.write(line);
        return;
      }
    }
    log.info(fields, "request completed");
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
 * Fastify's logger options for JSON logs (pino) with one line per request and a light logger per request.
 * Fastify makes its own logger as `loggerInstance.child({}, { serializers })` and each request's as
 * `logger.child({ reqId })`: both are `RequestLog`s over the pino logger.
 */
export function loggerOptions(settings: LogSettings): Pick<FastifyServerOptions, "loggerInstance" | "logController"> {
  return {
    loggerInstance: new RequestLog(serverPino(settings), {}, {}) as unknown as FastifyBaseLogger,
    logController: new OneLinePerRequest(settings.level),
  };
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
