import fc from "fast-check";
import { contractDocument } from "../internal/contract";

/** A generated request: most are wrong somewhere (method, path, query, headers or body). */
export interface FuzzRequest {
  method: string;
  /** Path and query relative to the target's base URL. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const printable = fc.string({ unit: "grapheme-ascii", maxLength: 40 });
const anyText = fc.string({ unit: "grapheme", maxLength: 40 });
// fetch itself refuses CONNECT, TRACE and TRACK, so they could never reach a server.
const forbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"]);
const method = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.constantFrom(
      "GET",
      "GET",
      "GET",
      "POST",
      "POST",
      "POST",
      "PUT",
      "PATCH",
      "DELETE",
      "HEAD",
      "OPTIONS",
    ),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{3,8}$/).filter((m) => !forbiddenMethods.has(m)) },
);

const idLike = fc.oneof(
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.double().map(String),
  fc.constantFrom("0", "-1", "1e3", "0x10", "01", " 1", "NaN", "Infinity", "%00", "%zz", "..", "9223372036854775808"),
  anyText.map(encodeURIComponent),
);
const path = fc.oneof(
  // The contract's paths, each `{parameter}` an id-like segment.
  ...Object.keys(contractDocument.paths).map((template) => ({
    weight: 4,
    arbitrary: template.includes("{")
      ? idLike.map((id) => template.replace(/\{[^}]+\}/g, () => id))
      : fc.constant(template),
  })),
  {
    weight: 1,
    arbitrary: fc.array(anyText.map(encodeURIComponent), { maxLength: 4 }).map((segments) => `/${segments.join("/")}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("", "/", "//pets", "/pets/", "/pets/1/owner", "/PETS", "/pets/%2e%2e", "/store/orders"),
  },
);

const queryValue = fc.oneof(
  idLike,
  anyText.map(encodeURIComponent),
  fc.constantFrom("available", "pending", "sold", "", "AVAILABLE"),
);
const query = fc
  .array(
    fc.tuple(
      // A name off the contract too, encoded as a client would (`constantFrom` would send "[object Object]").
      fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom("limit", "status", "limit", "offset", "page") },
        { weight: 1, arbitrary: anyText.map(encodeURIComponent) },
      ),
      queryValue,
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.map(([key, value]) => `${key}=${value}`).join("&")}`));

/**
 * Headers a client can send, `apiKey` in the valid Authorization: printable ASCII values, since fetch rejects the rest
 * before anything is sent.
 */
export const fuzzHeadersArbitrary = (apiKey: string): fc.Arbitrary<Record<string, string>> =>
  fc
    .record(
      {
        authorization: fc.oneof(
          { weight: 6, arbitrary: fc.constant(`Bearer ${apiKey}`) },
          { weight: 1, arbitrary: printable.map((token) => `Bearer ${token}`) },
          { weight: 1, arbitrary: printable },
        ),
        "content-type": fc.oneof(
          { weight: 6, arbitrary: fc.constant("application/json") },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              "text/plain",
              "application/x-www-form-urlencoded",
              "application/json; charset=latin1",
              "application/problem+json",
              "*/*",
            ),
          },
          { weight: 1, arbitrary: printable },
        ),
        "idempotency-key": printable.chain((key) => fc.constantFrom(key, key.repeat(8))),
        accept: fc.constantFrom("application/json", "text/html", "*/*", ""),
        "x-request-id": printable,
      },
      { requiredKeys: [] },
    )
    .map(
      (record) =>
        Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Record<string, string>,
    );

const newPetLike = fc.record(
  {
    name: fc.oneof(anyText, fc.anything()),
    categoryId: fc.oneof(fc.integer(), fc.double(), fc.bigInt().map(String), fc.anything()),
    status: fc.oneof(fc.constantFrom("available", "pending", "sold"), anyText, fc.anything()),
    id: fc.anything(),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  { weight: 4, arbitrary: newPetLike.map((pet) => JSON.stringify(pet)) },
  { weight: 2, arbitrary: fc.json() },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "{",
      '{"name":',
      "[",
      "null",
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
    ),
  },
);

/** Arbitrary bad (and occasionally good) requests against the Petstore API. */
export function fuzzRequestArbitrary(apiKey: string): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({ method, path, query, headers: fuzzHeadersArbitrary(apiKey), body: fc.option(body, { nil: undefined }) })
    .map(({ method, path, query, headers, body }) => ({
      method,
      path: path + query,
      headers,
      // fetch refuses a body on GET and HEAD.
      ...(body !== undefined && method !== "GET" && method !== "HEAD" ? { body } : {}),
    }));
}
