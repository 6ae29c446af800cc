import type { Writable } from "node:stream";
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import pino from "pino";
import type { LogLevel } from "../options";
import { batchLines, type LineBatcher } from "./line-batcher";

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
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/** Where logs go and at which level. */
export interface LogSettings {
  level: LogLevel;
  /** A stream to write JSON lines to; undefined for stdout. */
  stream?: Writable;
}

/** Fastify's `logger` and `logController` options for JSON logs (pino) with one line per request. */
export function loggerOptions(settings: LogSettings): Pick<FastifyServerOptions, "logger" | "logController"> {
  return {
    logger: {
      level: settings.level,
      // Nothing logs headers today; this keeps it so if someone adds `req.headers` to a line later.
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "headers.authorization"],
        censor: "[redacted]",
      },
      stream: settings.stream ?? stdoutLines(),
    },
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
