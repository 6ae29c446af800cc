import { servers } from "@petstore/contract";

/** The API key placeholder in generated requests; each target gets its own key in its place. */
export const KEY = "__petstore_api_key__";

/** The contract's base path (`/v1`), under which the API answers on any host. */
export const BASE_PATH = new URL(servers.production).pathname.replace(/\/+$/, "");

const GENERATED_ID = /req_[0-9a-f]{32}/g;
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/;

/**
 * Response headers whose value differs from one answer to the next by design, each reduced to its format so that its
 * presence and shape are still compared; every other header is compared whole, value for value.
 * - `date`: the second the answer was written; two servers asked one after the other may straddle a second.
 * - `keep-alive`: `timeout=<s>` is how long the listener keeps an idle connection, a host's setting (a test mock may
 *   close sooner than a production server), not part of the API's answer.
 * - `x-request-id`: a fresh random `req_<32 hex>` per answer unless the caller sent its own, which is echoed and
 *   compared as sent (see `normaliseText`, which treats the same ids in bodies alike).
 */
const PER_ANSWER: Record<string, (value: string) => string> = {
  date: (value) => (IMF_FIXDATE.test(value) ? "<IMF-fixdate>" : value),
  "keep-alive": (value) => value.replace(/^timeout=\d+$/, "timeout=<s>"),
  "x-request-id": (value) => normaliseText(value),
};

/**
 * Headers that Node's HTTP layer writes rather than the service: compared when both targets answer over the wire,
 * left out when one of them is an in-process MSW handler, which has no connection to describe.
 */
const TRANSPORT = new Set(["connection", "keep-alive", "date", "content-length", "transfer-encoding"]);

/** `text` with every generated request id (`req_<32 hex>`) replaced by `req_<generated>`, and the API key by `KEY`. */
export function normaliseText(text: string, apiKey?: string): string {
  const keyless = apiKey ? text.replaceAll(apiKey, KEY) : text;
  return keyless.replace(GENERATED_ID, "req_<generated>");
}

/**
 * An answer's headers as two implementations must agree on them: names in lower case, sorted by name (the order of
 * different headers means nothing in HTTP; lines of one name keep their order), values whole but for `PER_ANSWER`'s.
 * With `transport: false` the headers Node's HTTP layer writes are left out (an MSW handler has none).
 */
export function comparableHeaders(
  headers: Iterable<readonly [string, string]>,
  { transport = true, apiKey }: { transport?: boolean; apiKey?: string } = {},
): [string, string][] {
  const lines: [string, string][] = [];
  for (const [rawName, rawValue] of headers) {
    const name = rawName.toLowerCase();
    if (!transport && TRANSPORT.has(name)) continue;
    const value = apiKey ? rawValue.replaceAll(apiKey, KEY) : rawValue;
    lines.push([name, PER_ANSWER[name]?.(value) ?? value]);
  }
  // A stable sort: repeated lines of one name (Set-Cookie) keep their order.
  return lines.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
