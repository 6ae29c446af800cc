/** How to send a key, as every 401 says it. */
const HOW = "Send your API key as 'Authorization: Bearer <API_KEY>'.";

/** The path of a request, cut to a length that is safe to echo in a message. */
export function shortPath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** Every user-facing message of the service's request rules, in one place. */
export const messages = {
  missingKey: `Missing API key. ${HOW}`,
  // The "scheme" may be a bare key, so it is never echoed back.
  notBearer: `The Authorization header does not use the Bearer scheme. ${HOW}`,
  emptyToken: `The bearer token is empty. ${HOW}`,
  invalidKey: "The API key is not valid. Check the key and send it as 'Authorization: Bearer <API_KEY>'.",
  severalKeys: "Send exactly one Authorization header with one bearer token: the request has more than one.",
  badMethod: (routes: string) =>
    `The request method is not a valid HTTP method. Send one of this API's requests: ${routes}.`,
  // Appended to a refused query value holding a space: `?limit=+5` sends " 5" (HTML forms' encoding, URLSearchParams).
  plusIsSpace: " In a query string a bare '+' is a space: send a plus sign as %2B.",
  badUrl: "The URL is not valid: fix its percent-encoding.",
  longSegment: "A path segment is longer than 100 characters: a pet id has at most 19 digits.",
  headersTooLarge: (limit: number) =>
    `The request line and headers exceed ${limit} bytes together. Send a shorter URL or smaller headers.`,
  notFound: (method: string, path: string, routes: string) =>
    `There is no ${method} ${shortPath(path)}. This API serves ${routes}.`,
  methodNotAllowed: (method: string, path: string, allow: string) =>
    `${method} is not allowed on ${shortPath(path)}. Use ${allow}.`,
  missingHost: "The request has no Host header, which HTTP/1.1 requires. Send 'Host: <server name>'.",
  shuttingDown: "The server is shutting down. Retry the request.",
  storageUnavailable: (seconds: number, requestId: string) =>
    `The pet store's storage is unavailable right now. Retry in ${seconds} seconds; quote request id ${requestId} if it persists.`,
  unreadableBody: "The request body could not be read to its end: its upload failed. Send the whole body again.",
  bodyTooLarge: (limit: number) => `The request body exceeds ${limit} bytes. Send a smaller body.`,
  unsupportedMediaType: (note: string) => `Send the body as JSON with 'Content-Type: application/json' ${note}.`,
  contentTypeNote: (given: string | undefined | null) =>
    given === undefined || given === null ? "(none was sent)" : `(got ${JSON.stringify(given.slice(0, 64))})`,
  emptyBody: (sample: string) => `The body is empty. Send a JSON object${sample}.`,
  invalidUtf8: (sample: string) =>
    `The body is not valid UTF-8, which JSON requires (RFC 8259 §8.1). Send a JSON object${sample}, encoded as UTF-8.`,
  invalidJson: (sample: string) => `The body is not valid JSON. Send a JSON object${sample}.`,
  forbiddenKey: (sample: string) =>
    `The body's JSON has a "__proto__" or "constructor": {"prototype": …} key, which this API refuses. Send a JSON object${sample}.`,
  tooDeep: (limit: number) =>
    `The body's JSON nests arrays and objects more than ${limit} levels deep. Send at most ${limit} levels.`,
  petNotFound: (petId: unknown, basePath: string) =>
    `No pet with id ${String(petId)}. List pets with GET ${basePath}/pets to find ids.`,
  idempotencyConflict: (key: string) =>
    `Idempotency-Key ${JSON.stringify(key.slice(0, 64))} was already used with a different body in the last 24 hours. ` +
    "Send a new key for a new pet, or resend the original body to get the original response.",
  internalError: (requestId: string) =>
    `Something went wrong on our side. Retry later and quote request id ${requestId} if it persists.`,
} as const;

/** The longest path parameter the service routes (the server's router limit); longer is a 400 `longSegment`. */
export const PATH_PARAMETER_MAX_LENGTH = 100;
