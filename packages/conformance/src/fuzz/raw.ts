import { connect } from "node:net";
import fc from "fast-check";
import { COMPARED_HEADERS } from "./differential";

/** The API key placeholder in generated requests; each target gets its own key in its place. */
const KEY = "__petstore_api_key__";
const GENERATED_ID = /req_[0-9a-f]{32}/g;
/** Response headers two implementations must agree on: those of fetch requests, and what a raw answer adds. */
const COMPARED = [
  ...COMPARED_HEADERS,
  "content-length",
  "x-content-type-options",
  "cache-control",
  "connection",
  "x-request-id",
  "access-control-allow-origin",
];

/** A request written byte for byte to a socket: what `fetch` cannot send (bad methods, framing, header floods). */
export interface RawRequest {
  /** The request line and headers, CRLF-separated, without the final blank line; `{path}` is the base path. */
  head: string;
  body: string;
}

const token = fc.stringMatching(/^[A-Za-z]{1,8}$/);
const method = fc.oneof(
  fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "PROPFIND"),
  fc.constantFrom("MAED", "patch", "get", "G ET", "GET\t"),
  token,
);
const path = fc.oneof(
  fc.constantFrom(
    "/pets",
    "/pets/1",
    "/pets/%31",
    "/%70ets",
    "/pets/%E0%A4%A",
    "/pets?limit=1&limit=2",
    "/p ets",
    "/pets/",
  ),
  fc.constantFrom("/pets?status=%FF", "/pets/99999999999999999999", `/pets/${"1".repeat(150)}`, "//pets", "/PETS"),
);
const header = fc.oneof(
  fc.constant(`Authorization: Bearer ${KEY}`),
  fc.constant("Authorization: Bearer wrong"),
  fc.constant(`Authorization: Bearer ${KEY}\r\nAuthorization: Bearer other`),
  fc.constant("Idempotency-Key: a\r\nIdempotency-Key: b"),
  fc.constant("Idempotency-Key: k1"),
  fc.constant("Content-Type: application/json"),
  fc.constant("Content-Type: text/plain"),
  fc.constant("Origin: http://page.test"),
  fc.constant("Access-Control-Request-Method: POST"),
  fc.constant("Expect: something-else"),
  fc.constant("X-Request-Id: trace-1"),
  fc.constant("Bad Header: y"),
  fc.integer({ min: 1, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => `X-F${i}: v`).join("\r\n")),
  fc.constant(`X-Big: ${"a".repeat(17_000)}`),
);
const body = fc.constantFrom(
  "",
  '{"name":"Rex","categoryId":1}',
  '\uFEFF{"name":"Rex","categoryId":1}',
  '{"name":',
  '{"name":"","categoryId":1.5}',
);

/** Arbitrary raw requests, most of them hostile, all under `{base}`. */
export function rawRequestArbitrary(): fc.Arbitrary<RawRequest> {
  return fc
    .record({
      method,
      path,
      version: fc.constantFrom("HTTP/1.1", "HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/9.9"),
      host: fc.boolean(),
      headers: fc.array(header, { maxLength: 4 }),
      body,
      framing: fc.constantFrom("length", "length", "double-length", "chunked-bad"),
    })
    .map(({ method, path, version, host, headers, body, framing }) => {
      const lines = [`${method} {base}${path} ${version}`, ...(host ? ["Host: localhost"] : []), ...headers];
      const bytes = Buffer.byteLength(body);
      if (framing === "length") lines.push(`Content-Length: ${bytes}`);
      if (framing === "double-length") lines.push(`Content-Length: ${bytes}`, `Content-Length: ${bytes + 1}`);
      if (framing === "chunked-bad") lines.push("Transfer-Encoding: chunked");
      lines.push("Connection: close");
      return { head: lines.join("\r\n"), body: framing === "chunked-bad" ? `zz\r\n${body}\r\n0\r\n\r\n` : body };
    });
}

/** What two implementations must agree on in one raw answer (request ids and dates normalised). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

/** Sends `request` to `baseUrl` over a new connection and reads the answer until the server closes it. */
export function sendRaw(baseUrl: string, apiKey: string, request: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const payload = `${request.head.replaceAll(KEY, apiKey).replace("{base}", url.pathname)}\r\n\r\n${request.body}`;
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let data = Buffer.alloc(0);
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on("data", (chunk) => (data = Buffer.concat([data, chunk])));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(parseAnswer(data.toString("latin1").replaceAll(apiKey, KEY)));
    });
    socket.write(payload, "latin1");
  });
}

function parseAnswer(raw: string): RawAnswer {
  // Skip interim answers (100 Continue).
  let text = raw;
  while (/^HTTP\/1\.1 1\d\d /.test(text) && text.includes("\r\n\r\n")) text = text.slice(text.indexOf("\r\n\r\n") + 4);
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return { status: 0, headers: {}, body: `no answer: ${JSON.stringify(text.slice(0, 80))}` };
  const [line = "", ...lines] = text.slice(0, end).split("\r\n");
  const all: Record<string, string> = {};
  for (const l of lines) all[l.slice(0, l.indexOf(":")).toLowerCase()] = l.slice(l.indexOf(":") + 1).trim();
  const headers = Object.fromEntries(
    COMPARED.map((name) => [name, all[name]?.replace(GENERATED_ID, "req_<generated>")]),
  );
  return {
    status: Number(line.split(" ")[1]),
    headers,
    body: text.slice(end + 4).replace(GENERATED_ID, "req_<generated>"),
  };
}
