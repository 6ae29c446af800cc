const TYPE = /^[\w!#$%&'*+.^`|~-]+$/;
const SUBTYPE = /^[\w!#$%&'*+.^`|~-]+\s*$/;

/**
 * The media type of a Content-Type header (`"application/json"` for `"Application/JSON; charset=utf-8"`), or
 * undefined when the header is malformed.
 */
export function mediaTypeOf(header: string): string | undefined {
  const semicolon = header.indexOf(";");
  const media = semicolon === -1 ? header : header.slice(0, semicolon);
  const slash = media.indexOf("/");
  if (slash === -1) return undefined;
  const type = media.slice(0, slash).trimStart().toLowerCase();
  const subtype = media
    .slice(slash + 1)
    .trimEnd()
    .toLowerCase();
  return TYPE.test(type) && SUBTYPE.test(subtype) ? `${type}/${subtype}` : undefined;
}
