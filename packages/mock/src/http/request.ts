import type { IncomingMessage } from "node:http";
import { requestLimits } from "@petstore/contract";
import { messages } from "@petstore/service-rules";
import { RequestError } from "../internal/errors";

/** Methods whose body `new Request` refuses, and the service ignores. */
const BODYLESS = new Set(["GET", "HEAD"]);

/**
 * The body of `message`, read up to `max` bytes. What follows is read and dropped as it arrives (never held), which
 * keeps the connection usable for the client's next request.
 */
function readUpTo(message: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size < max) return;
      message.off("data", onData).off("end", onEnd).off("error", reject);
      message.resume();
      resolve(Buffer.concat(chunks, size).subarray(0, max));
    };
    const onEnd = () => resolve(Buffer.concat(chunks, size));
    // A client that goes away mid-body ends the request with "close" alone; after "end" it changes nothing.
    message
      .on("data", onData)
      .once("end", onEnd)
      .once("error", reject)
      .once("close", () => reject(new Error("aborted")));
  });
}

/**
 * The request's URL under `origin`, whatever host the client named: origin-form targets (`/v1/pets`, even `//x/y`)
 * as they are, the path of an absolute-form one (`http://host/v1/pets`, as proxies send), `/` for `*`.
 */
function urlOf(target: string, origin: string): URL {
  if (target.startsWith("/")) return new URL(`${origin}${target}`);
  try {
    const url = new URL(target);
    return new URL(`${origin}${url.pathname}${url.search}`);
  } catch {
    return new URL(`${origin}/`);
  }
}

/**
 * The Fetch `Request` the handlers answer for `message`, as received by a server at `origin`; `signal` aborts it.
 * The body is read up to one byte past the contract's limit (`x-request-limits.bodyBytes`): a larger one reaches the
 * handlers cut there, which is enough for them to refuse it with their 413 (or with the 401, 404 or 415 the service
 * gives first), and the rest is never held in memory. Throws a 400 RequestError for a method `fetch` does not allow
 * (`TRACE`).
 */
export async function toFetchRequest(message: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (let index = 0; index < message.rawHeaders.length; index += 2) {
    headers.append(message.rawHeaders[index]!, message.rawHeaders[index + 1]!);
  }
  const method = message.method ?? "GET";
  const body = BODYLESS.has(method) ? undefined : await readUpTo(message, requestLimits.bodyBytes + 1);
  try {
    return new Request(urlOf(message.url ?? "/", origin), {
      method,
      headers,
      // A Buffer is a Uint8Array over an ArrayBuffer, which `fetch` takes; its type only allows a SharedArrayBuffer.
      body: body?.length ? (body as Uint8Array<ArrayBuffer>) : undefined,
      signal,
    });
  } catch (error) {
    throw new RequestError(400, messages.notUnderstood(`${(error as Error).message.replace(/\.*$/, "")}.`));
  }
}
