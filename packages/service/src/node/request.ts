import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServiceRequest } from "../pipeline";

/**
 * The body of `message`, read up to `max` bytes. What follows is read and dropped as it arrives (never held), which
 * keeps the connection usable for the client's next request. Rejects with an AbortError when the client goes away.
 */
function readUpTo(message: IncomingMessage, max: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size < max) return;
      message.off("data", onData).off("end", onEnd).off("close", onClose);
      message.resume();
      resolve(Buffer.concat(chunks, size).subarray(0, max));
    };
    const onEnd = () => {
      message.off("close", onClose);
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    // A client that goes away mid-body ends the request with "close" alone.
    const onClose = () => reject(Object.assign(new Error("the client went away"), { name: "AbortError" }));
    message.on("data", onData).once("end", onEnd).once("close", onClose);
  });
}

/** The request target's path and query: an absolute-form target (`http://host/v1/pets`, as proxies send) by its path. */
export function targetOf(url: string): string {
  if (url.startsWith("/") || url === "*") return url;
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

/** A Node request as the pipeline reads it: headers straight from Node's objects, the body only when asked for. */
export class NodeRequest implements ServiceRequest {
  readonly method: string;
  readonly url: string;
  readonly httpVersion: string;
  /** Node's request, for hosts that need more than the pipeline reads (every header, to build a fetch `Request`). */
  readonly message: IncomingMessage;
  readonly #message: IncomingMessage;
  readonly #response: ServerResponse;
  readonly #expectsContinue: boolean;
  #read: Promise<Uint8Array> | undefined;
  #signal: AbortSignal | undefined;

  constructor(message: IncomingMessage, response: ServerResponse, expectsContinue: boolean) {
    this.message = message;
    this.#message = message;
    this.#response = response;
    this.#expectsContinue = expectsContinue;
    this.method = message.method ?? "GET";
    this.url = targetOf(message.url ?? "/");
    this.httpVersion = message.httpVersion;
  }

  header(name: string): string | undefined {
    const value = this.#message.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  }

  headerValues(name: string): string[] {
    // Node keeps only the first copy of some headers (Authorization) and joins others: the raw list has them all.
    const raw = this.#message.rawHeaders;
    const copies: string[] = [];
    for (let i = 0; i < raw.length; i += 2)
      if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) copies.push(raw[i + 1]!);
    return copies;
  }

  body(limit: number): Promise<Uint8Array> {
    if (this.#read) return this.#read;
    // `Expect: 100-continue`: the body is invited only now, once the request has passed authentication.
    if (this.#expectsContinue && !this.#response.headersSent) this.#response.writeContinue();
    this.#read = readUpTo(this.#message, limit + 1);
    return this.#read;
  }

  /** Aborts when the client goes away before its answer was sent. */
  get signal(): AbortSignal {
    if (this.#signal) return this.#signal;
    const controller = new AbortController();
    const response = this.#response;
    response.once("close", () => {
      if (!response.writableFinished) controller.abort();
    });
    this.#signal = controller.signal;
    return this.#signal;
  }
}
