/**
 * A path or query component percent-decoded as the service decodes every parameter value; one whose escapes do not
 * decode (`%FF`) stays as sent, as the server's query parser (fast-querystring) left it.
 */
export function decodeComponent(text: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A query key or value decoded: a bare `+` is a space (HTML forms, URLSearchParams), then as `decodeComponent`. */
function decode(text: string): string {
  return decodeComponent(text.includes("+") ? text.replaceAll("+", " ") : text);
}

/**
 * A query string (without `?`) parsed as the server parses it: `+` is a space (a plus sign is `%2B`), a value that
 * does not decode stays as sent, a repeated key gives an array, a pair without `=` has an empty value. Its values are
 * then coerced by the same rule as path parameters (`createParameterParser`).
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const key = decode(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? "" : decode(pair.slice(equals + 1));
    if (key === "" && equals === -1) continue;
    const current = result[key];
    result[key] = current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
  }
  return result;
}
