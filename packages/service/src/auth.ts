import { messages } from "./messages";

/** What an `Authorization` header holds: a bearer token, or why it is refused (status and message). */
export type ParsedAuthorization = { ok: true; token: string } | { ok: false; status: 400 | 401; message: string };

const MISSING: ParsedAuthorization = { ok: false, status: 401, message: messages.missingKey };
const NOT_BEARER: ParsedAuthorization = { ok: false, status: 401, message: messages.notBearer };
const EMPTY: ParsedAuthorization = { ok: false, status: 401, message: messages.emptyToken };
const SEVERAL: ParsedAuthorization = { ok: false, status: 400, message: messages.severalKeys };

/** The challenge every 401 of the service carries. */
export const WWW_AUTHENTICATE = 'Bearer realm="petstore"';

/**
 * Parses `Authorization` (several headers joined by ", ", as `fetch` joins them): missing, wrong scheme and empty
 * token are 401s; a comma — more than one header, which no bearer token contains (RFC 6750 token68) — is a 400.
 * Whether the token is an accepted key is the caller's check (the server compares in constant time).
 */
export function parseAuthorization(header: string | null | undefined): ParsedAuthorization {
  if (header === undefined || header === null) return MISSING;
  const trimmed = header.trim();
  if (trimmed === "") return MISSING;
  if (trimmed.includes(",")) return SEVERAL;
  const match = /^(\S+)(?:[ \t]+(.*))?$/.exec(trimmed);
  if ((match?.[1] ?? "").toLowerCase() !== "bearer") return NOT_BEARER;
  const token = (match?.[2] ?? "").trim();
  if (token === "") return EMPTY;
  return { ok: true, token };
}
