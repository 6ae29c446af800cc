import type { Writable } from "node:stream";
import type { NodeClientErrorEvent, NodeRequestEvent, NodeResponseEvent } from "@petstore/service/node";
import pino, { type Logger } from "pino";
import type { LogLevel } from "../options";
import { batchLines, type LineBatcher } from "./line-batcher";

const { chindingsSym, streamSym } = pino.symbols;

/** The fields of the line written when a request ends (a `NodeResponseEvent` has them). */
export interface CompletedFields {
  method: string;
  url: string;
  /** Written as `statusCode`. */
  status: number;
  /** Milliseconds. */
  responseTime: number;
  /** `performance.now()` when the request ended, which dates the line; the line is dated `Date.now()` without it. */
  endedAt?: number | undefined;
}

// `Date.now()` at `performance.now()` 0, and the reading after which it is checked against the system clock again.
let clockOrigin = performance.timeOrigin;
let checkClockAt = 0;

/**
 * `Date.now()` at the moment `performance.now()` read `at` (a reading of the last second or later), without reading
 * the system clock: a clock read costs 0.2–0.3 µs on this project's VMs, and the line of a request ends when its
 * end was read already. The two clocks advance alike (NTP slews both); once a second the system clock is read
 * again, and when it was set since (off by more than a millisecond) it is followed from then on.
 */
export function epochMilliseconds(at: number): number {
  if (at >= checkClockAt) {
    const wall = Date.now();
    const now = performance.now();
    if (Math.abs(clockOrigin + now - wall) > 1) clockOrigin = wall - now;
    checkClockAt = now + 1000;
  }
  return Math.floor(clockOrigin + at);
}

// The parts of the last line that the next one is likely to share: a client sends the same method and target
// request after request, most get the same status, and many lines are written in the same millisecond. Fewer pieces
// make a smaller rope, which the batcher flattens again to write it.
let lastChindings = "";
let lastNow = -1;
let lastHead = "";
let lastMethod = "";
let lastUrl = "";
let lastStatus = -1;
let lastRequest = "";
const TAIL = ',"msg":"request completed"}\n';

/**
 * The JSON line `logger.child({ reqId }).info(fields, "request completed")` writes when the request ends, built as
 * one string: the same bytes pino writes with `serverPino`'s options (default formatters, `time` in epoch
 * milliseconds, `msg` last), the request id after the logger's own bindings (`chindings`: `,"pid":…,"hostname":…`).
 * A pino child per request would cost more than the rest of the request.
 */
export function completedLine(chindings: string, reqId: string, fields: CompletedFields): string {
  const now = fields.endedAt === undefined ? Date.now() : epochMilliseconds(fields.endedAt);
  if (now !== lastNow || chindings !== lastChindings) {
    lastHead = `{"level":30,"time":${now}${chindings},"reqId":"`;
    lastNow = now;
    lastChindings = chindings;
  }
  const { method, url, status } = fields;
  if (method !== lastMethod || url !== lastUrl || status !== lastStatus) {
    lastRequest = `","method":${jsonString(method)},"url":${jsonString(url)},"statusCode":${status},"responseTime":`;
    lastMethod = method;
    lastUrl = url;
    lastStatus = status;
  }
  return `${lastHead}${jsonContent(reqId)}${lastRequest}${milliseconds(fields.responseTime)}${TAIL}`;
}

/** `.001` to `.999` as JSON writes them (no trailing zeros), and "" for a whole number: by thousandths. */
const FRACTIONS = Array.from({ length: 1000 }, (_, n) =>
  n === 0 ? "" : `.${String(n).padStart(3, "0").replace(/0+$/, "")}`,
);

/**
 * `String(value)` (as JSON writes a number) for a time in milliseconds, faster for the usual value, a whole number of
 * microseconds: its thousandths then spell it exactly, and a number of at most 15 digits has no shorter spelling.
 */
export function milliseconds(value: number): string {
  const thousandths = Math.round(value * 1000);
  if (!(thousandths >= 0 && thousandths < 1e15) || thousandths / 1000 !== value) return String(value);
  const whole = Math.floor(thousandths / 1000);
  return `${whole}${FRACTIONS[thousandths - whole * 1000]}`;
}

/** `value` as a JSON string: as it is between quotes when nothing in it needs escaping (the usual case). */
export function jsonString(value: string): string {
  return `"${jsonContent(value)}"`;
}

/** What JSON writes between the quotes of `value`: `value` itself when nothing in it needs escaping. */
function jsonContent(value: string): string {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // Control characters, `"`, `\` and surrogates (JSON.stringify escapes lone ones) take the slow path.
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(value).slice(1, -1);
  }
  return value;
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
      serializers: { err: pino.stdSerializers.err },
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
 * The server's logs, fed by the Node adapter's events: one line per request when it ends ("request completed", or
 * "request errored"), a debug line when it arrives, a line per request the parser refused, and the faults behind 500s
 * and 503s. No line carries request headers, so the Authorization header cannot reach the log.
 */
export class ServerLog {
  /** The pino logger every line goes through, but the one each request ends with. */
  readonly pino: Logger;
  readonly #completed: boolean;
  readonly #incoming: boolean;
  readonly #chindings: string;
  readonly #stream: { write(line: string): unknown };

  constructor(settings: LogSettings) {
    this.pino = serverPino(settings);
    this.#completed = this.pino.isLevelEnabled("info");
    this.#incoming = this.pino.isLevelEnabled("debug");
    const internals = this.pino as unknown as Record<symbol, unknown>;
    this.#chindings = internals[chindingsSym] as string;
    this.#stream = internals[streamSym] as { write(line: string): unknown };
  }

  /** A request arrived (debug level): method, URL, Host and the client's address, to find one that never ended. */
  readonly requested = (event: NodeRequestEvent): void => {
    if (!this.#incoming) return;
    const { headers, socket } = event.message;
    const req = {
      method: event.method,
      url: event.url,
      host: headers.host,
      remoteAddress: socket.remoteAddress,
      remotePort: socket.remotePort,
    };
    this.pino.debug({ reqId: event.requestId, req }, "incoming request");
  };

  /** A request's answer was handed to the system, or failed first. */
  readonly answered = (event: NodeResponseEvent): void => {
    if (event.error) {
      const { requestId: reqId, method, url, status: statusCode, responseTime, error: err } = event;
      this.pino.error({ reqId, method, url, statusCode, responseTime, err }, "request errored");
    } else if (this.#completed) this.#stream.write(completedLine(this.#chindings, event.requestId, event));
  };

  /** Node's parser refused a request (or a CONNECT arrived). Never the error itself: its rawPacket holds the key. */
  readonly refused = (event: NodeClientErrorEvent): void => {
    this.pino.info(
      { reqId: event.requestId, error: { code: event.code, message: event.message }, statusCode: event.status },
      event.code === "CONNECT" ? "CONNECT refused" : "client error",
    );
  };

  /** A request failed on the server's side: a 500, or a 503 because the store is unavailable. */
  readonly failed = (error: unknown, requestId: string, status: 500 | 503 = 500): void => {
    if (status === 503) this.pino.warn({ reqId: requestId, err: error }, "store unavailable");
    else this.pino.error({ reqId: requestId, err: error }, "request failed");
  };
}

let stdout: LineBatcher | undefined;

/**
 * The process's stdout as a log destination, shared by every server in the process: lines go out together, at
 * most `LINE_DELAY_MS` after the first (sonic-boom, synchronous, which retries partial writes and full pipes), and
 * whatever is pending is written when the process exits.
 */
function stdoutLines(): LineBatcher {
  if (stdout === undefined) {
    const lines = batchLines(pino.destination({ dest: 1, sync: true }));
    process.once("exit", () => lines.flush());
    stdout = lines;
  }
  return stdout;
}
