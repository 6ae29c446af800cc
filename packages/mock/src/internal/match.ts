import { createMatcher, decodeComponent } from "@petstore/service";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** The service core's route matcher: the one place a request path is compared with a path, decoded. */
const match = createMatcher();

/**
 * A RegExp matching every URL on the origins of `baseUrls` (MSW matches it against origin + path): which of them is
 * under a base URL is `basePathOf`'s to say, as the core decodes it (`/%761/pets` is under `/v1`).
 */
export function baseUrlPattern(baseUrls: readonly string[]): RegExp {
  const origins = [...new Set(baseUrls.map((base) => new URL(base).origin))];
  return new RegExp(`^(?:${origins.map(escapeRegExp).join("|")})(?:/.*)?$`);
}

/** A base URL's path as the core's matcher takes it: `/v1`, each segment decoded (`""` for an origin). */
function pathOf(baseUrl: string): string {
  return new URL(baseUrl).pathname.replace(/\/+$/, "").split("/").map(decodeComponent).join("/");
}

/**
 * The path of the base URL a request URL falls under, e.g. `/v1`, as the service core's matcher decides it (a
 * percent-encoded `/%761/pets` is under `/v1`); undefined when none matches. When one base URL is inside another
 * (`…/v1` and `…/v1/beta`), the longest wins, so `…/v1/beta/pets` is `/pets` under `/v1/beta`.
 */
export function basePathOf(url: URL, baseUrls: readonly string[]): string | undefined {
  let found: string | undefined;
  for (const base of baseUrls) {
    if (!base.startsWith(`${url.origin}/`) && base !== url.origin) continue;
    const path = pathOf(base);
    if (found !== undefined && path.length <= found.length) continue;
    if (match(url.pathname, path).kind !== "outside") found = path;
  }
  return found;
}

/** Whether a request target (path and query) of the host's Node server is under `basePath`, as the core decides it. */
export function isUnderBasePath(target: string, basePath: string): boolean {
  const mark = target.indexOf("?");
  return match(mark === -1 ? target : target.slice(0, mark), basePath).kind !== "outside";
}
