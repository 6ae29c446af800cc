function decode(text: string): string {
  const spaced = text.includes("+") ? text.replaceAll("+", " ") : text;
  if (!spaced.includes("%")) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    // As the server's query parser (fast-querystring) does: a broken escape such as `%FF` stays as sent.
    return spaced;
  }
}

/**
 * A query string (without `?`) parsed as the server parses it: `+` is a space, a value that does not decode stays as
 * sent, a repeated key gives an array, a pair without `=` has an empty value.
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
