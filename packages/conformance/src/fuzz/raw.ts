import { connect } from "node:net";
import fc from "fast-check";
import type { Target } from "../target";
import { comparableHeaders, KEY, normaliseText } from "./answers";
import { coverageRawRequests, rawRequestArbitrary, type RawRequest } from "./raw-requests";
import { inStoreOrder } from "./order";
import { resolveSeed } from "./run";

/** One HTTP answer on the wire, reduced to what two implementations must agree on (see `comparableHeaders`). */
interface RawAnswer {
  /** The status line, e.g. `HTTP/1.1 400 Bad Request`. */
  line: string;
  headers: [string, string][];
  body: string;
}

/** Everything a connection got back: its answers in order (interim `100 Continue`s included), and how it ended. */
interface RawOutcome {
  answers: RawAnswer[];
  /** Bytes after the last whole answer (a cut answer, or something that is not HTTP). */
  rest: string;
  /** `closed` when the server closed the connection; `open` when it was still open once we stopped listening. */
  end: "closed" | "open";
}

/** Milliseconds to wait for a server to close the connection after a request it can answer in full. */
const ANSWER_TIMEOUT_MS = 10_000;
/** Milliseconds without a byte after which an incomplete request's connection counts as left open. */
const QUIET_MS = 1_000;

/**
 * Sends `request` over a new connection to the origin of `target.baseUrl`, `KEY` replaced by its API key, and
 * reads until the server closes the connection (or, for an incomplete request, until it has been quiet `QUIET_MS`).
 */
function sendRaw(target: Target, request: RawRequest): Promise<RawOutcome> {
  const url = new URL(target.baseUrl);
  const payload = request.payload.replaceAll(KEY, target.apiKey);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    let end: RawOutcome["end"] = "closed";
    const stop = () => {
      end = "open";
      socket.destroy();
    };
    let timer = setTimeout(stop, request.incomplete ? QUIET_MS : ANSWER_TIMEOUT_MS);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (request.incomplete) {
        clearTimeout(timer);
        timer = setTimeout(stop, QUIET_MS);
      }
    });
    // A server that answers before reading everything may reset the connection: what it sent still counts.
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(parseOutcome(Buffer.concat(chunks).toString("latin1"), request.methods, target.apiKey, end));
    });
    socket.write(payload, "latin1");
  });
}

/** The answers in `raw`, one per request of `methods` (plus interim ones), each read by its own framing. */
function parseOutcome(raw: string, methods: string[], apiKey: string, end: RawOutcome["end"]): RawOutcome {
  const answers: RawAnswer[] = [];
  let text = raw;
  let index = 0;
  for (;;) {
    const headEnd = text.indexOf("\r\n\r\n");
    if (headEnd < 0) break;
    const [line = "", ...lines] = text.slice(0, headEnd).split("\r\n");
    const status = Number(line.split(" ")[1]);
    const fields = lines.map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()] as const);
    const field = (name: string) => fields.find(([n]) => n.toLowerCase() === name)?.[1];
    let rest = text.slice(headEnd + 4);
    let body = "";
    const interim = status >= 100 && status < 200;
    if (interim || status === 204 || status === 304 || methods[index] === "HEAD") {
      // No body.
    } else if (field("transfer-encoding")?.toLowerCase() === "chunked") {
      for (;;) {
        const sizeEnd = rest.indexOf("\r\n");
        const size = Number.parseInt(rest.slice(0, sizeEnd), 16);
        if (sizeEnd < 0 || Number.isNaN(size)) break;
        body += rest.slice(sizeEnd + 2, sizeEnd + 2 + size);
        rest = rest.slice(sizeEnd + 2 + size + 2);
        if (size === 0) break;
      }
    } else if (field("content-length") !== undefined) {
      const length = Number(field("content-length"));
      body = rest.slice(0, length);
      rest = rest.slice(length);
    } else {
      body = rest;
      rest = "";
    }
    answers.push({
      line,
      headers: comparableHeaders(fields, { apiKey }),
      body: normaliseText(body, apiKey),
    });
    text = rest;
    if (!interim) index += 1;
  }
  return { answers, rest: normaliseText(text, apiKey), end };
}

/** A raw request two targets answered differently: its number in the run (from 0), the request, and both outcomes. */
interface RawDisagreement {
  index: number;
  request: RawRequest;
  answers: Record<string, RawOutcome>;
}

/** What `compareRawTargets` found. */
export interface RawDifferentialSummary {
  seed: number;
  compared: number;
  /** Answers per status of the reference's first answer (0: none). */
  statuses: Record<number, number>;
  disagreements: RawDisagreement[];
}

/**
 * Writes the same raw requests to two targets (`coverageRawRequests`, then ones generated from `seed`; `requests` in
 * all) and lists every one whose answers (status lines, headers, bodies, interim answers, what follows them) or
 * connection end differ. Each target gets them in the same order, a request that may write alone (see
 * `inStoreOrder`), so their stores see the same writes; the two answer each request at once. An incomplete request (`RawRequest.incomplete`), which cannot write, is sent aside while the others go on.
 */
export async function compareRawTargets(
  reference: Target,
  candidate: Target,
  options: { requests?: number; seed?: number } = {},
): Promise<RawDifferentialSummary> {
  const seed = resolveSeed(options.seed);
  // The fixed requests first, so that what a run reaches does not depend on its seed; then the generated ones.
  const fixed = coverageRawRequests().slice(0, options.requests ?? 1000);
  const generated = [
    ...fixed,
    ...fc.sample(rawRequestArbitrary(), { numRuns: Math.max(0, (options.requests ?? 1000) - fixed.length), seed }),
  ];
  const disagreements: RawDisagreement[] = [];
  const statuses: Record<number, number> = {};
  const compare = async (index: number, request: RawRequest) => {
    const [expected, actual] = await Promise.all([sendRaw(reference, request), sendRaw(candidate, request)]);
    const status = Number(expected.answers.find((a) => !/^HTTP\/1\.1 1\d\d /.test(a.line))?.line.split(" ")[1] ?? 0);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (JSON.stringify(expected) !== JSON.stringify(actual))
      disagreements.push({ index, request, answers: { [reference.name]: expected, [candidate.name]: actual } });
  };
  const aside: Promise<void>[] = [];
  const complete: { request: RawRequest; index: number }[] = [];
  for (const [index, request] of generated.entries()) {
    if (request.incomplete) aside.push(compare(index, request));
    else complete.push({ request, index });
  }
  await inStoreOrder(
    complete,
    ({ request }) => request.methods,
    ({ request, index }) => compare(index, request),
  );
  await Promise.all(aside);
  disagreements.sort((a, b) => a.index - b.index);
  return { seed, compared: generated.length, statuses, disagreements };
}
