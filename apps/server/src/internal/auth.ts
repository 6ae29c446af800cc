import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { messages, parseAuthorization } from "@petstore/service-rules";

/** A request's accepted API key, with the name its idempotency keys are kept under. */
export interface Caller {
  apiKey: string;
  /** A stable, non-reversible name for the key (see `apiKeyScope`). */
  scope: string;
}

/** The outcome of checking an `Authorization` header: the caller, or the status (401, or 400 for several keys) and message. */
export type AuthResult = { ok: true; caller: Caller } | { ok: false; status: 400 | 401; message: string };

/** How many distinct accepted `Authorization` headers the authenticator remembers. */
export const ACCEPTED_HEADER_CACHE_SIZE = 64;

const INVALID: AuthResult = { ok: false, status: 401, message: messages.invalidKey };

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
    const remembered = header === undefined ? undefined : recent.get(header);
    if (remembered !== undefined) return remembered;
    const parsed = parseAuthorization(header);
    if (!parsed.ok) return parsed;
    const given = digest(parsed.token);
    let result = INVALID;
    for (const key of accepted) if (timingSafeEqual(key.digest, given)) result = key.result;
    if (result.ok) {
      if (recent.size >= ACCEPTED_HEADER_CACHE_SIZE) recent.delete(recent.keys().next().value!);
      recent.set(header!, result);
    }
    return result;
  };
}

/**
 * The request's `Authorization`, every copy joined by ", " as `fetch` joins them: Node keeps only the first of
 * several, which would let a request carry two keys and be judged by one.
 */
export function authorizationOf(request: IncomingMessage): string | undefined {
  const first = request.headers.authorization;
  if (first === undefined) return undefined;
  const raw = request.rawHeaders;
  const copies: string[] = [];
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.length === 13 && raw[i]!.toLowerCase() === "authorization") copies.push(raw[i + 1]!);
  return copies.length > 1 ? copies.join(", ") : first;
}
