const HOW = "Send your API key as 'Authorization: Bearer <API_KEY>'.";

/** The challenge every 401 of the service carries. */
export const WWW_AUTHENTICATE = { "www-authenticate": 'Bearer realm="petstore"' };

/** The outcome of checking an `Authorization` header. */
export type AuthResult = { ok: true; apiKey: string } | { ok: false; message: string };

/**
 * Checks a bearer token with the server's rules and messages: missing header, wrong scheme and empty token are
 * 401s; `apiKeys` undefined accepts any non-empty token. Timing is irrelevant in a mock, so a Set lookup is fine.
 */
export function createAuthenticator(apiKeys: readonly string[] | undefined): (header: string | null) => AuthResult {
  const accepted = apiKeys === undefined ? undefined : new Set(apiKeys);
  return (header) => {
    if (header === null || header.trim() === "") return { ok: false, message: `Missing API key. ${HOW}` };
    const match = /^(\S+)(?:[ \t]+(.*))?$/.exec(header.trim());
    // The "scheme" may be a bare key, so it is never echoed back.
    if ((match?.[1] ?? "").toLowerCase() !== "bearer") return { ok: false, message: `The Authorization header does not use the Bearer scheme. ${HOW}` };
    const token = (match?.[2] ?? "").trim();
    if (token === "") return { ok: false, message: `The bearer token is empty. ${HOW}` };
    if (accepted && !accepted.has(token)) return { ok: false, message: `The API key is not valid. Check the key and send it as 'Authorization: Bearer <API_KEY>'.` };
    return { ok: true, apiKey: token };
  };
}
