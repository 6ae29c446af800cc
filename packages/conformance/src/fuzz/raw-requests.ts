import { requestLimits } from "@petstore/contract";
import fc from "fast-check";
import { contractDocument, pathMethods } from "../internal/contract";
import { BASE_PATH, KEY } from "./answers";

/** A request written byte for byte to a socket: what `fetch` cannot send (bad methods, targets, framing, floods). */
export interface RawRequest {
  /** The bytes to write, one character per byte (latin1); `KEY` stands for the target's API key. */
  payload: string;
  /** The method of each request in `payload`, in order: the answer to a HEAD has no body. */
  methods: string[];
  /**
   * The payload ends before the body its headers announce: the server may wait for the rest, so the answer is read
   * until the connection has been quiet a while rather than until it closes. Such a request cannot write anything.
   */
  incomplete: boolean;
}

/** The UTF-8 bytes of `text`, one character per byte. */
const utf8 = (text: string) => Buffer.from(text, "utf8").toString("latin1");
const percentEncoded = (text: string) =>
  [...text].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`).join("");

// --- the request target ---------------------------------------------------------------------------------------

/** The base path as written, and as it decodes or resolves to (or not): encoded, in other cases, with dot segments. */
const basePath = fc.oneof(
  { weight: 12, arbitrary: fc.constant(BASE_PATH) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      `/${percentEncoded(BASE_PATH.slice(1, 2))}${BASE_PATH.slice(2)}`,
      `/${percentEncoded(BASE_PATH.slice(1))}`,
      BASE_PATH.toUpperCase(),
      `/${BASE_PATH}`,
      "",
      "/v0",
      `${BASE_PATH}/.`,
      `/x/..${BASE_PATH}`,
      `/x/%2e%2e${BASE_PATH}`,
      `${BASE_PATH}/x/..`,
      `${BASE_PATH}/x/%2E%2E`,
      `/.${BASE_PATH}`,
      `${BASE_PATH}%2F`,
    ),
  },
);
/** What stands in a path parameter's place: ids, near-ids, encodings, dot segments, bytes a parser may refuse. */
const segmentValue = fc.constantFrom(
  "1",
  "1",
  "2",
  "%31",
  "+1",
  "%2B1",
  "-1",
  "0",
  "01",
  "1.0",
  "1e3",
  "0x10",
  "9223372036854775807",
  "9223372036854775808",
  "99999999999999999999",
  "1".repeat(101),
  "%00",
  "%E0%A4%A",
  "%FF",
  "%C3%A9",
  "abc",
  "..",
  "%2e%2e",
  ".",
  "1%2F2",
  "1;x",
  "\xff",
  "1 2",
  "1\t",
);
/** The contract's paths, each written as is or in another form: encoded, upper-cased, with a trailing slash. */
const apiPath = fc
  .record({
    template: fc.constantFrom(...Object.keys(contractDocument.paths as object)),
    value: segmentValue,
    form: fc.constantFrom("as-is", "as-is", "as-is", "as-is", "encoded", "upper", "slash", "dot"),
  })
  .map(({ template, value, form }) => {
    const path = template.replace(/\{[^}]+\}/g, () => value);
    const first = path.slice(1, 2);
    if (form === "encoded") return `/${percentEncoded(first)}${path.slice(2)}`;
    if (form === "upper") return path.toUpperCase();
    if (form === "slash") return `${path}/`;
    if (form === "dot") return `${path}/..`;
    return path;
  });
/** Paths outside the API: the health checks in their forms, and the root. Never `/__petstore/` (the mock's alone). */
const outsidePath = fc.constantFrom(
  "/healthz",
  "/readyz",
  "/healthz/",
  "/%68ealthz",
  "/HEALTHZ",
  `${BASE_PATH}/healthz`,
  "/healthz/..",
  "/readyz;x",
  "/",
);
const query = fc.constantFrom(
  "",
  "",
  "",
  "",
  "?",
  "?limit=1",
  "?limit=+1",
  "?limit=%2B1",
  "?limit=1&limit=2",
  "?limit=%31",
  "?limit=1e3",
  "?status=available",
  "?status=available&status=sold",
  "?status=%FF",
  "?status=%zz",
  "?%6Cimit=1",
  "?=&&",
  "?limit",
  "?probe=1",
  "#fragment",
);
const originForm = fc.oneof(
  { weight: 10, arbitrary: fc.tuple(basePath, apiPath, query).map((parts) => parts.join("")) },
  { weight: 2, arbitrary: fc.tuple(outsidePath, query).map((parts) => parts.join("")) },
);
/** The request target in each of HTTP's forms (origin, absolute, asterisk, authority), and too long for the limit. */
const requestTarget = fc.oneof(
  { weight: 24, arbitrary: originForm },
  { weight: 2, arbitrary: originForm.map((path) => `http://localhost${path}`) },
  { weight: 1, arbitrary: originForm.map((path) => `HTTP://other.example:8080${path}`) },
  { weight: 1, arbitrary: fc.constantFrom("*", "localhost:80", "", "pets", `${BASE_PATH.slice(1)}/pets`) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(4_000, 8_000, requestLimits.headerBytes - 100, requestLimits.headerBytes + 100)
      .map((length) => `${BASE_PATH}/pets?q=${"a".repeat(length)}`),
  },
);

// --- method, version, line ends ------------------------------------------------------------------------------

const method = fc.oneof(
  { weight: 48, arbitrary: fc.constantFrom("GET", "GET", "GET", "POST", "POST", "POST", "HEAD", "OPTIONS") },
  { weight: 3, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "TRACE", "CONNECT", "PROPFIND", "QUERY") },
  { weight: 3, arbitrary: fc.constantFrom("MAED", "get", "patch", "Get", "PRI", "G ET", "GET\t", "", "M-SEARCH") },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z!#$%&'*+.^_`|~-]{1,10}$/) },
);
const version = fc.oneof(
  { weight: 48, arbitrary: fc.constant("HTTP/1.1") },
  { weight: 6, arbitrary: fc.constant("HTTP/1.0") },
  { weight: 3, arbitrary: fc.constantFrom("HTTP/9.9", "HTTP/2.0", "http/1.1", "HTTP/1.1 ", "") },
);
/** CRLF, LF-only lines (which llhttp tolerates or not), or the two mixed. */
const lineEnds = fc.oneof({ weight: 38, arbitrary: fc.constant("crlf") }, fc.constant("lf"), fc.constant("mixed"));

// --- headers -------------------------------------------------------------------------------------------------

const host = fc.oneof(
  { weight: 12, arbitrary: fc.constant(["Host: localhost"]) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      [],
      ["Host: a", "Host: b"],
      ["Host:"],
      ["Host: bad host"],
      ["Host: localhost:99999"],
      ["HOST: LOCALHOST"],
      ["Host : localhost"],
    ),
  },
);
const authorization = fc.oneof(
  { weight: 10, arbitrary: fc.constant([`Authorization: Bearer ${KEY}`]) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      [],
      ["Authorization: Bearer wrong"],
      [`Authorization: bearer ${KEY}`],
      [`Authorization: Bearer  ${KEY}`],
      [`Authorization: Bearer ${KEY} `],
      [`Authorization: Bearer ${KEY}`, "Authorization: Bearer other"],
      [`Authorization: Bearer ${KEY}, Bearer other`],
      ["Authorization: Basic dXNlcjpwYXNz"],
      ["Authorization:"],
      ["Authorization: Bearer"],
    ),
  },
);
const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant(["Content-Type: application/json"]) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      [],
      ["Content-Type: text/plain"],
      ["Content-Type: application/json; charset=latin1"],
      ["Content-Type: application/json;charset=UTF-8"],
      ["Content-Type: APPLICATION/JSON"],
      ["Content-Type: application/merge-patch+json"],
      ["Content-Type: application/json", "Content-Type: text/plain"],
      ["Content-Type: application/json, text/plain"],
    ),
  },
);
// `Prefer` only with preferences both ignore: the mock answers `Prefer: code=…` and `delay=…` on purpose (Prism's
// convention) and the server ignores them, but any other takes the mock through its own reading of the request
// (`src/http/prefer.ts`) before the core's. No `Connection: keep-alive`: beside `Connection: close` an HTTP/1.0 request keeps the connection for seconds; the
// follow-up requests are what try a kept connection.
const extraHeader = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.constantFrom(
      ["Idempotency-Key: k1"],
      ["Idempotency-Key: k2"],
      ["Idempotency-Key: k1", "Idempotency-Key: k2"],
      ["Idempotency-Key:"],
      [`Idempotency-Key: ${"k".repeat(300)}`],
      ["Idempotency-Key: caf\xe9"],
      ["X-Request-Id: trace-1"],
      ["X-Request-Id:"],
      [`X-Request-Id: ${"r".repeat(300)}`],
      ["X-Request-Id: a\x7fb"],
      ["Origin: http://page.test"],
      ["Origin: null"],
      ["Access-Control-Request-Method: POST"],
      ["Access-Control-Request-Headers: authorization, content-type"],
      ["Expect: 100-continue"],
      ["Expect: something-else"],
      ["Accept: text/html"],
      ["Connection: upgrade", "Upgrade: websocket"],
      ["Content-Encoding: gzip"],
      ["Cookie: a=b"],
      ["Prefer: return=minimal"],
      ["Prefer: respond-async, wait=5"],
      ["Prefer: handling=strict", "Prefer: return=representation"],
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ["X-Folded: a", " b"],
      ["X-Folded: a", "\tb"],
      ["Bad Header: y"],
      ["X-No-Colon"],
      [": no-name"],
      ["X-Nul: a\0b"],
      ["X-Latin: caf\xe9"],
      ["X-Control: a\x01b"],
      [`X-Utf8: ${utf8("caf\u00e9 \u{1F436}")}`],
    ),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 3000 }).map((count) => Array.from({ length: count }, (_, i) => `X-F${i}: v`)),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(9_000, requestLimits.headerBytes + 1_000)
      .map((length) => [`X-Big: ${"a".repeat(length)}`]),
  },
);

// --- body and framing ----------------------------------------------------------------------------------------

const pet = '{"name":"Rex","categoryId":1}';
/** A pet whose JSON is over the contract's body limit. */
const largeBody = `{"name":"${"x".repeat(requestLimits.bodyBytes)}","categoryId":1}`;
/** Body bytes: valid pets, JSON the schema refuses, text that is not JSON, bytes that are not UTF-8, an oversize one. */
const body = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom("", "", pet, '{"name":"Tom","categoryId":2,"status":"sold"}') },
  {
    weight: 20,
    arbitrary: fc.constantFrom(
      utf8(`\uFEFF${pet}`),
      utf8('{"name":"R\u00e9x \u{1F436}","categoryId":1}'),
      '{"name":',
      '{"name":"Rex","categoryId":+1}',
      '{"name":"Rex","categoryId":"+1"}',
      '{"name":"Rex","categoryId":1,}',
      '{"name":"","categoryId":1.5}',
      '{"name":"Rex","categoryId":9007199254740993}',
      '{"name":"Rex","categoryId":1e400}',
      '{"name":"Rex","categoryId":1,"status":"adopted"}',
      '{"name":"Rex","categoryId":1,"id":5}',
      '{"name":"\xff","categoryId":1}',
      '{"name":"\xc0\xaf","categoryId":1}',
      '{"name":"\xe2\x82","categoryId":1}',
      '{"name":"\\ud800","categoryId":1}',
      '{"name":"a\\u0000b","categoryId":1}',
      '{"__proto__":{"x":1},"name":"Rex","categoryId":1}',
      "null",
      "[]",
      '"Rex"',
      `${"[".repeat(200)}${"]".repeat(200)}`,
      "name=Rex&categoryId=1",
    ),
  },
  { weight: 1, arbitrary: fc.constant(largeBody) },
);

/** How the body's length is told: Content-Length right or wrong, chunked well or badly, both, or neither. */
const framing = fc.oneof(
  { weight: 40, arbitrary: fc.constant("length") },
  { weight: 4, arbitrary: fc.constant("chunked") },
  {
    weight: 10,
    arbitrary: fc.constantFrom(
      "none",
      "length-twice",
      "length-twice-different",
      "length-list",
      "length-plus",
      "length-negative",
      "length-hex",
      "length-huge",
      "length-short",
      "length-spaces",
      "chunked-split",
      "chunked-extension",
      "chunked-trailer",
      "chunked-bad-size",
      "chunked-huge-size",
      "chunked-lf",
      "chunked-and-length",
      "te-gzip-chunked",
      "te-chunked-gzip",
      "te-identity",
      "te-twice",
      "te-case",
    ),
  },
  // The server may wait for bytes that never come: sent aside, see `compareRawTargets`.
  { weight: 1, arbitrary: fc.constantFrom("length-over-limit", "length-long", "chunked-unfinished") },
);

/** The framing lines and the bytes after the blank line, for `body` framed as `how`. */
function frame(how: string, body: string, eol: string): { lines: string[]; bytes: string; incomplete: boolean } {
  const n = body.length;
  const chunk = (data: string) => (data === "" ? "" : `${data.length.toString(16)}${eol}${data}${eol}`);
  const chunked = (data: string, end = `0${eol}${eol}`) => ({
    lines: ["Transfer-Encoding: chunked"],
    bytes: chunk(data) + end,
    incomplete: false,
  });
  switch (how) {
    case "none":
      return { lines: [], bytes: body, incomplete: false };
    case "length-twice":
      return { lines: [`Content-Length: ${n}`, `Content-Length: ${n}`], bytes: body, incomplete: false };
    case "length-twice-different":
      return { lines: [`Content-Length: ${n}`, `Content-Length: ${n + 1}`], bytes: body, incomplete: false };
    case "length-list":
      return { lines: [`Content-Length: ${n}, ${n}`], bytes: body, incomplete: false };
    case "length-plus":
      return { lines: [`Content-Length: +${n}`], bytes: body, incomplete: false };
    case "length-negative":
      return { lines: ["Content-Length: -1"], bytes: body, incomplete: false };
    case "length-hex":
      return { lines: [`Content-Length: 0x${n.toString(16)}`], bytes: body, incomplete: false };
    case "length-huge":
      return { lines: ["Content-Length: 99999999999999999999"], bytes: body, incomplete: false };
    case "length-short":
      return { lines: [`Content-Length: ${Math.floor(n / 2)}`], bytes: body, incomplete: false };
    case "length-spaces":
      return { lines: [`Content-Length:   ${n}  `], bytes: body, incomplete: false };
    case "length-over-limit":
      return { lines: [`Content-Length: ${requestLimits.bodyBytes + 1}`], bytes: body, incomplete: true };
    case "length-long":
      return { lines: [`Content-Length: ${n + 10}`], bytes: body, incomplete: true };
    case "chunked":
      return chunked(body);
    case "chunked-split": {
      const half = Math.floor(n / 2);
      return { ...chunked(""), bytes: `${chunk(body.slice(0, half)) + chunk(body.slice(half))}0${eol}${eol}` };
    }
    case "chunked-extension":
      return { ...chunked(""), bytes: `${n.toString(16)};ext=1${eol}${body}${eol}0${eol}${eol}` };
    case "chunked-trailer":
      return chunked(body, `0${eol}X-Trailer: 1${eol}${eol}`);
    case "chunked-bad-size":
      return { ...chunked(""), bytes: `zz${eol}${body}${eol}0${eol}${eol}` };
    case "chunked-huge-size":
      return { ...chunked(""), bytes: `ffffffffffffffffff${eol}${body}${eol}0${eol}${eol}` };
    case "chunked-lf":
      return { ...chunked(""), bytes: n === 0 ? "0\n\n" : `${n.toString(16)}\n${body}\n0\n\n` };
    case "chunked-unfinished":
      return { ...chunked(body, ""), incomplete: true };
    case "chunked-and-length":
      return { ...chunked(body), lines: ["Transfer-Encoding: chunked", `Content-Length: ${n}`] };
    case "te-gzip-chunked":
      return { ...chunked(body), lines: ["Transfer-Encoding: gzip, chunked"] };
    case "te-chunked-gzip":
      return { ...chunked(body), lines: ["Transfer-Encoding: chunked, gzip"] };
    case "te-identity":
      return { lines: ["Transfer-Encoding: identity"], bytes: body, incomplete: false };
    case "te-twice":
      return { ...chunked(body), lines: ["Transfer-Encoding: chunked", "Transfer-Encoding: chunked"] };
    case "te-case":
      return { ...chunked(body), lines: ["Transfer-Encoding: Chunked"] };
    default:
      return { lines: [`Content-Length: ${n}`], bytes: body, incomplete: false };
  }
}

/** A second request on the same connection, to see that the first one's framing left it where it should. */
const FOLLOW_UP = ["GET", `${BASE_PATH}/pets?limit=1`];

/** The parts a raw request is written from, each drawn by `rawRequestArbitrary` (or fixed by `coverageRawRequests`). */
interface RawParts {
  method: string;
  target: string;
  version: string;
  lineEnds: string;
  host: readonly string[];
  authorization: readonly string[];
  contentType: readonly string[];
  extra: (readonly string[])[];
  body: string;
  framing: string;
  /** 0 sends the plain follow-up request after this one, when its framing allows. */
  followUp: number;
}

/** The bytes of the request `parts` describe (see `rawRequestArbitrary`). */
function assemble(parts: RawParts): RawRequest {
  const { method, target, version, lineEnds, host, authorization, contentType, extra, body, framing } = parts;
  // One request in ten has a second one after it, when its own framing is sound (else the second is part of it)
  // and it asks for no other use of the connection (after an `Upgrade`, Node reads no further request).
  const followUp =
    parts.followUp === 0 &&
    (framing === "length" || framing === "chunked") &&
    !extra.flat().some((line) => /^(connection|upgrade):/i.test(line));
  const eol = lineEnds === "lf" ? "\n" : "\r\n";
  const headerEol = lineEnds === "crlf" ? "\r\n" : "\n";
  const framed = frame(framing, body, eol);
  const head = (lines: string[]) => lines.join(headerEol);
  const requestLine = version === "" ? `${method} ${target}` : `${method} ${target} ${version}`;
  const headers = [...host, ...authorization, ...(body === "" ? [] : contentType), ...extra.flat(), ...framed.lines];
  const first = `${requestLine}${eol}${head(followUp ? headers : [...headers, "Connection: close"])}`;
  const followUpLines = [`${FOLLOW_UP[0]} ${FOLLOW_UP[1]} HTTP/1.1`, "Host: localhost", `Authorization: Bearer ${KEY}`];
  const second = followUp ? `${head([...followUpLines, "Connection: close"])}\r\n\r\n` : "";
  return {
    payload: `${first}${headerEol}${headerEol}${framed.bytes}${second}`,
    methods: followUp ? [method, FOLLOW_UP[0]!] : [method],
    incomplete: framed.incomplete,
  };
}

/**
 * Arbitrary raw requests, most of them hostile: every part of the request line, the headers and the framing drawn
 * from what parsers and routers disagree on. Each ends with `Connection: close`, or is followed by a plain
 * `GET /v1/pets?limit=1` that does, so the server closes the connection once it has answered.
 */
export function rawRequestArbitrary(): fc.Arbitrary<RawRequest> {
  return fc
    .record({
      method,
      target: requestTarget,
      version,
      lineEnds,
      host,
      authorization,
      contentType,
      extra: fc.array(extraHeader, { maxLength: 3 }),
      body,
      framing,
      followUp: fc.nat(9),
    })
    .map(assemble);
}

/** The first path template the contract serves `method` on (with a request body, when `withBody`). */
function contractPath(method: string, withBody: boolean): string {
  for (const [template, item] of Object.entries(contractDocument.paths as Record<string, Record<string, any>>))
    if (item[method] !== undefined && (item[method].requestBody !== undefined) === withBody) return template;
  throw new Error(`[@petstore/conformance] the contract has no ${method.toUpperCase()} operation`);
}

/**
 * Requests sent first in every raw run, whatever its seed: one for each layer the run must reach (the parser, header
 * limits, authentication, routing, the body's size and media type, the operations), and the hostile heads that come
 * with the largest body a client could send (refused before a byte of it is read, or over the limit), whose answers
 * must arrive although the body does not fit the server's patience.
 */
export function coverageRawRequests(): RawRequest[] {
  const reads = contractPath("get", false);
  const writes = contractPath("post", true);
  const target = (template: string) => `${BASE_PATH}${template.replace(/\{[^}]+\}/g, "1")}`;
  const unserved = ["PUT", "PATCH", "DELETE"].find((method) => !pathMethods(writes).includes(method));
  const plain: RawParts = {
    method: "GET",
    target: target(reads),
    version: "HTTP/1.1",
    lineEnds: "crlf",
    host: ["Host: localhost"],
    authorization: [`Authorization: Bearer ${KEY}`],
    contentType: ["Content-Type: application/json"],
    extra: [],
    body: "",
    framing: "length",
    followUp: 1,
  };
  const post = { ...plain, method: "POST", target: target(writes), body: pet };
  return [
    plain,
    post,
    { ...plain, authorization: [] },
    { ...plain, target: `${BASE_PATH}/no-such-path` },
    ...(unserved === undefined ? [] : [{ ...post, method: unserved }]),
    { ...post, contentType: ["Content-Type: text/plain"] },
    { ...plain, method: "MAED" },
    { ...plain, extra: [Array.from({ length: 3000 }, (_, i) => `X-F${i}: v`)] },
    { ...post, body: largeBody },
    { ...post, body: largeBody, authorization: [] },
    ...["length-twice-different", "length-plus", "chunked-and-length", "chunked-bad-size"].map((framing) => ({
      ...post,
      body: largeBody,
      framing,
    })),
  ].map(assemble);
}
