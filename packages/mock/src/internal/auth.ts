import { messages, parseAuthorization, WWW_AUTHENTICATE as CHALLENGE } from "@petstore/service";

/** The challenge every 401 of the service carries. */
export const WWW_AUTHENTICATE = { "www-authenticate": CHALLENGE };

/** The outcome of checking an `Authorization` header: the key, or the status (401, or 400 for several keys) and message. */
export type AuthResult = { ok: true; apiKey: string } | { ok: false; status: 400 | 401; message: string };

/**
 * The service's first rule for scenarios and overrides, which answer before the service does: the `Authorization`
 * header checked with the service's parser and messages; `apiKeys` undefined accepts any non-empty token.
 */
export function createAuthenticator(apiKeys: readonly string[] | undefined): (header: string | null) => AuthResult {
  const accepted = apiKeys === undefined ? undefined : new Set(apiKeys);
  return (header) => {
    const parsed = parseAuthorization(header);
    if (!parsed.ok) return parsed;
    if (accepted && !accepted.has(parsed.token)) return { ok: false, status: 401, message: messages.invalidKey };
    return { ok: true, apiKey: parsed.token };
  };
}

/** The headers of an authentication failure: the challenge on a 401 (a 400 for several keys carries none). */
export function authFailureHeaders(auth: { status: 400 | 401 }): Record<string, string> {
  return auth.status === 401 ? WWW_AUTHENTICATE : {};
}
