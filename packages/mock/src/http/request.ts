import { requestLimits } from "@petstore/contract";
import type { NodeRequest } from "@petstore/service/node";
import { holdBody } from "../internal/body-invite";
import { JOURNAL_BODY_BYTES, type RequestSnapshot } from "../journal";

/** Methods whose body `new Request` refuses, and the service ignores. */
const BODYLESS = new Set(["GET", "HEAD"]);

/** The request's headers as a fetch `Headers` (repeated ones joined by ", ", as `fetch` joins them). */
function headersOf(request: NodeRequest): Headers {
  const headers = new Headers();
  const raw = request.message.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) {
    try {
      headers.append(raw[index]!, raw[index + 1]!);
    } catch {
      // A header `fetch` refuses (a name Node accepts but Headers does not) is not the overrides' business.
    }
  }
  return headers;
}

/** The journal's snapshot of a request served over HTTP, with the body bytes the service read (if it read them). */
export function snapshotOf(request: NodeRequest, origin: string, body: Uint8Array | undefined): RequestSnapshot {
  return {
    method: request.method.toUpperCase(),
    url: `${origin}${request.url}`,
    headers: Object.fromEntries(headersOf(request)),
    // A copy of what the journal keeps, so the request's own buffer is not held.
    body: body === undefined ? undefined : (body.slice(0, JOURNAL_BODY_BYTES).buffer as ArrayBuffer),
    bodySize: body?.byteLength ?? 0,
  };
}

/**
 * The request's body as a stream that reads it from Node only when something reads the stream, and (when `held`) only
 * once `inviteBody` lets it: a request no override answers (another path, a bad key) is then neither made to wait for
 * its body nor invited to send it (`100 Continue`) before the service has had its say, as on the reference server.
 * Read up to the contract's limit; the service later reads the same bytes.
 */
function bodyWhenRead(request: NodeRequest, held: () => Promise<void>): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream(
    {
      async pull(controller) {
        // MSW's clone of the request reads ahead as soon as it exists: a held body waits here for its invitation.
        await held();
        const bytes = await request.body(requestLimits.bodyBytes);
        // A Buffer is a Uint8Array over an ArrayBuffer, which `fetch` takes; its type only allows a SharedArrayBuffer.
        if (bytes.length > 0) controller.enqueue(bytes as Uint8Array<ArrayBuffer>);
        controller.close();
      },
    },
    // Nothing is pulled ahead of a read: the default (1) would read the body as soon as the stream exists.
    { highWaterMark: 0 },
  );
}

/**
 * The fetch `Request` that `use()` overrides see for `request`, as received by a server at `origin`, or undefined for
 * one `fetch` cannot express (a method it forbids, such as TRACE): no override can answer that. Its body is read
 * only when an override reads it (see `bodyWhenRead`); with `hold`, only once `inviteBody` is called on it too (a
 * scenario or override does, once the service core has accepted the request's head).
 */
export function toFetchRequest(request: NodeRequest, origin: string, hold = false): Request | undefined {
  const method = request.method;
  let invited: Promise<void> = Promise.resolve();
  let fetchRequest: Request;
  try {
    fetchRequest = new Request(`${origin}${request.url.startsWith("/") ? request.url : "/"}`, {
      method,
      headers: headersOf(request),
      ...(BODYLESS.has(method) ? {} : { body: bodyWhenRead(request, () => invited), duplex: "half" }),
      signal: request.signal,
    });
  } catch {
    return undefined;
  }
  if (hold && fetchRequest.body !== null) invited = holdBody(fetchRequest);
  return fetchRequest;
}
