import { createHash, timingSafeEqual } from "node:crypto";

/** The outcome of checking an `Authorization` header. */
export type AuthResult = { ok: true; apiKey: string } | { ok: false; message: string };

const HOW = "Send your API key as 'Authorization: Bearer <API_KEY>'.";

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/**
 * Checks bearer tokens against the accepted keys in constant time: every key is compared (no early exit)
 * and digests of equal length are compared, so timing reveals neither which key matched nor its length.
 */
export function createAuthenticator(apiKeys: readonly string[]): (header: string | undefined) => AuthResult {
  const accepted = apiKeys.map(digest);
  return (header) => {
    if (header === undefined || header.trim() === "") return { ok: false, message: `Missing API key. ${HOW}` };
    const match = /^(\S+)(?:[ \t]+(.*))?$/.exec(header.trim());
    const scheme = match?.[1] ?? "";
    if (scheme.toLowerCase() !== "bearer") {
      // The "scheme" may be a bare key, so it is never echoed back.
      return { ok: false, message: `The Authorization header does not use the Bearer scheme. ${HOW}` };
    }
    const token = (match?.[2] ?? "").trim();
    if (token === "") return { ok: false, message: `The bearer token is empty. ${HOW}` };
    const given = digest(token);
    let found = false;
    for (const key of accepted) found = timingSafeEqual(key, given) || found;
    return found ? { ok: true, apiKey: token } : { ok: false, message: `The API key is not valid. Check the key and ${HOW.charAt(0).toLowerCase()}${HOW.slice(1)}` };
  };
}

/** A stable, non-reversible name for an API key, used to keep idempotency keys apart per key. */
export function apiKeyScope(apiKey: string): string {
  return digest(apiKey).toString("hex").slice(0, 32);
}
