import { createHash, timingSafeEqual } from "node:crypto";

/** A request's accepted API key, with the name its idempotency keys are kept under. */
export interface Caller {
  apiKey: string;
  /** A stable, non-reversible name for the key (see `apiKeyScope`). */
  scope: string;
}

/** The outcome of checking an `Authorization` header. */
export type AuthResult = { ok: true; caller: Caller } | { ok: false; message: string };

/** How many distinct accepted `Authorization` headers the authenticator remembers. */
export const ACCEPTED_HEADER_CACHE_SIZE = 64;

const HOW = "Send your API key as 'Authorization: Bearer <API_KEY>'.";
const MISSING: AuthResult = { ok: false, message: `Missing API key. ${HOW}` };
// The "scheme" may be a bare key, so it is never echoed back.
const NOT_BEARER: AuthResult = { ok: false, message: `The Authorization header does not use the Bearer scheme. ${HOW}` };
const EMPTY: AuthResult = { ok: false, message: `The bearer token is empty. ${HOW}` };
const INVALID: AuthResult = { ok: false, message: `The API key is not valid. Check the key and send it as 'Authorization: Bearer <API_KEY>'.` };

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** A stable, non-reversible name for an API key, used to keep idempotency keys apart per key. */
export function apiKeyScope(apiKey: string): string {
  return digest(apiKey).toString("hex").slice(0, 32);
}

/**
 * Checks bearer tokens against the accepted keys in constant time: every key is compared (no early exit)
 * and SHA-256 digests of equal length are compared, so timing reveals neither which key matched nor its length.
 *
 * Hashing costs more than the rest of a small request, so the verdict for headers that were already
 * accepted is remembered (at most ACCEPTED_HEADER_CACHE_SIZE of them, oldest dropped first). Only accepted
 * headers are kept: a client that sends random keys cannot push a real key out, and a rejected header always
 * goes through the full comparison. The lookup is a hash-table probe that compares characters only with a
 * remembered header whose hash is equal, so its timing does not grow with how much of a key a guess gets right.
 */
export function createAuthenticator(apiKeys: readonly string[]): (header: string | undefined) => AuthResult {
  const accepted = apiKeys.map((apiKey) => {
    const result: AuthResult = { ok: true, caller: { apiKey, scope: apiKeyScope(apiKey) } };
    return { digest: digest(apiKey), result };
  });
  const recent = new Map<string, AuthResult>();
  return (header) => {
    if (header === undefined) return MISSING;
    const remembered = recent.get(header);
    if (remembered !== undefined) return remembered;
    const trimmed = header.trim();
    if (trimmed === "") return MISSING;
    const match = /^(\S+)(?:[ \t]+(.*))?$/.exec(trimmed);
    if ((match?.[1] ?? "").toLowerCase() !== "bearer") return NOT_BEARER;
    const token = (match?.[2] ?? "").trim();
    if (token === "") return EMPTY;
    const given = digest(token);
    let result = INVALID;
    for (const key of accepted) if (timingSafeEqual(key.digest, given)) result = key.result;
    if (result.ok) {
      if (recent.size >= ACCEPTED_HEADER_CACHE_SIZE) recent.delete(recent.keys().next().value!);
      recent.set(header, result);
    }
    return result;
  };
}
