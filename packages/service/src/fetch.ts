import { requestLimits } from "@petstore/contract";
import { RuleError } from "./errors";
import { messages } from "./messages";
import { PARSER_METHODS } from "./methods";
import { errorAnswer, type RequestContext, type Service, type ServiceRequest, type ServiceResponse } from "./pipeline";
import { newRequestId } from "./request-id";
import { routeList } from "./routes";

/** The size of the request line and headers as they would cross the wire (`name: value\r\n` each). */
function headerBytes(request: Request, url: URL): number {
  let size = `${request.method} ${url.pathname}${url.search} HTTP/1.1\r\n`.length + `host: ${url.host}\r\n`.length;
  request.headers.forEach((value, name) => {
    size += name.length + value.length + 4;
  });
  return size;
}

/** A fetch `Request` as the pipeline reads it. `fetch` joins repeated headers, so each header is one copy. */
class FetchRequest implements ServiceRequest {
  readonly method: string;
  readonly url: string;
  readonly #request: Request;

  constructor(request: Request, url: URL) {
    this.#request = request;
    this.method = request.method;
    this.url = url.pathname + url.search;
  }

  header(name: string): string | undefined {
    return this.#request.headers.get(name) ?? undefined;
  }

  headerValues(name: string): string[] {
    const value = this.#request.headers.get(name);
    return value === null ? [] : [value];
  }

  async body(limit: number): Promise<Uint8Array> {
    if (this.#request.body === null) return new Uint8Array(0);
    let buffer: ArrayBuffer;
    try {
      buffer = await this.#request.arrayBuffer();
    } catch (error) {
      // A client that went away is nobody to answer; a body stream that failed is a body that cannot be read.
      if (this.#request.signal.aborted || (error as { name?: unknown } | null)?.name === "AbortError") throw error;
      throw new RuleError(400, messages.unreadableBody);
    }
    const bytes = new Uint8Array(buffer);
    return bytes.byteLength > limit + 1 ? bytes.subarray(0, limit + 1) : bytes;
  }
}

const encoder = new TextEncoder();

/** A pipeline answer as a fetch `Response`, with the `Content-Length` HTTP would carry; no body for HEAD. */
export function toFetchResponse(answer: ServiceResponse, method: string): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else for (const one of value) headers.append(name, one);
  }
  let body: Uint8Array | null = null;
  if (answer.body !== null) {
    body = encoder.encode(answer.body);
    headers.set("content-length", String(body.byteLength));
  }
  return new Response(method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer> | null), {
    status: answer.status,
    headers,
  });
}

/**
 * The pipeline behind `fetch`'s `Request`/`Response` (the mock's MSW handlers, a worker): first what Node's HTTP parser
 * refuses before a request reaches the service — a method it does not know (`MAED`, a lower-case `patch`) and a
 * request line and headers over the contract's `headerBytes` — with the answers the Node adapter gives them.
 */
export async function handleFetch(service: Service, request: Request, context: RequestContext = {}): Promise<Response> {
  const url = new URL(request.url);
  if (!PARSER_METHODS.has(request.method)) {
    const answer = errorAnswer(400, messages.badMethod(routeList(service.basePath)), newRequestId(), {
      connection: "close",
    });
    return toFetchResponse(answer, request.method);
  }
  if (headerBytes(request, url) > requestLimits.headerBytes) {
    const answer = errorAnswer(431, messages.headersTooLarge(requestLimits.headerBytes), newRequestId(), {
      connection: "close",
    });
    return toFetchResponse(answer, request.method);
  }
  const answer = await service.handle(new FetchRequest(request, url), context);
  return toFetchResponse(answer, request.method);
}
