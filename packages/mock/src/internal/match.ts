const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** A RegExp matching every URL under one of `baseUrls` (MSW matches it against origin + path). */
export function baseUrlPattern(baseUrls: readonly string[]): RegExp {
  return new RegExp(`^(?:${baseUrls.map(escapeRegExp).join("|")})(?:/.*)?$`);
}

/**
 * The path of the base URL a request URL falls under, e.g. `/v1`; undefined when none matches. When one base URL is
 * inside another (`…/v1` and `…/v1/beta`), the longest wins, so `…/v1/beta/pets` is `/pets` under `/v1/beta`.
 */
export function basePathOf(url: URL, baseUrls: readonly string[]): string | undefined {
  const clean = `${url.origin}${url.pathname}`;
  const matching = baseUrls.filter((b) => clean === b || clean.startsWith(`${b}/`));
  const base = matching.sort((a, b) => b.length - a.length)[0];
  return base === undefined ? undefined : new URL(base).pathname.replace(/\/+$/, "");
}
