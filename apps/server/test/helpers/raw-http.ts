import { connect } from "node:net";

/** A response read off a raw socket. */
export interface RawResponse {
  status: number;
  /** Header names lower-cased; a repeated header keeps its last value. */
  headers: Record<string, string>;
  text: string;
  body: any;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
}

/**
 * Writes `payload` to a new TCP connection and parses the first response (fetch refuses methods like TRACE
 * and CONNECT and cannot send malformed requests). Resolves when the server closes the connection, or
 * `waitMs` after a complete response on a kept-alive one.
 */
export function rawRequest(url: string, payload: string, waitMs = 50): Promise<RawResponse> {
  const bodiless = payload.startsWith("HEAD ");
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = Buffer.alloc(0);
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      try {
        resolve(parseResponse(data.toString("utf8"), closed));
      } catch (error) {
        reject(error);
      }
    };
    socket.on("data", (chunk) => {
      data = Buffer.concat([data, chunk]);
      clearTimeout(timer);
      if (isComplete(data.toString("utf8"), bodiless)) timer = setTimeout(() => finish(false), waitMs);
    });
    socket.on("close", () => finish(true));
    socket.on("error", () => undefined); // a reset after the response still counts as closed
    socket.write(payload);
  });
}

function splitHead(raw: string): { head: string; rest: string } | undefined {
  // Skip interim 1xx responses such as "100 Continue".
  let text = raw;
  for (;;) {
    const end = text.indexOf("\r\n\r\n");
    if (end < 0) return undefined;
    const head = text.slice(0, end);
    if (!/^HTTP\/1\.\d 1\d\d /.test(head)) return { head, rest: text.slice(end + 4) };
    text = text.slice(end + 4);
  }
}

/** Whether `raw` holds a whole response (its head, and as many body bytes as its Content-Length says). */
export function isComplete(raw: string, bodiless: boolean): boolean {
  const parts = splitHead(raw);
  if (!parts) return false;
  if (bodiless) return true;
  const length = /\r\ncontent-length: *(\d+)/i.exec(parts.head);
  return length ? Buffer.byteLength(parts.rest) >= Number(length[1]) : false;
}

/** The first response in `raw` (interim 1xx responses skipped); throws when there is none. */
export function parseResponse(raw: string, closed: boolean): RawResponse {
  const parts = splitHead(raw);
  if (!parts) throw new Error(`no HTTP response in ${JSON.stringify(raw.slice(0, 200))}`);
  const [statusLine, ...lines] = parts.head.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body: unknown;
  try {
    body = parts.rest === "" ? undefined : JSON.parse(parts.rest);
  } catch {
    body = parts.rest;
  }
  return { status, headers, text: parts.rest, body, closed };
}
