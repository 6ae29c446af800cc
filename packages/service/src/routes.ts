import { operationTable, servers as contractServers, type ContractOperation } from "@petstore/contract";

/** One contract path, compiled for matching: `/pets/{petId}` → `["pets", { param: "petId" }]`. */
interface Route {
  readonly template: string;
  readonly segments: readonly (string | { readonly param: string })[];
  /** The operations on this path, by upper-case method. */
  readonly operations: ReadonlyMap<string, ContractOperation>;
  /** The methods for an `Allow` header: `GET, POST`. */
  readonly allow: string;
}

/** A contract path that matched a request path. */
export interface RouteMatch {
  /** The path template, e.g. `/pets/{petId}`. */
  readonly template: string;
  /** The operations on this path, by upper-case method. */
  readonly operations: ReadonlyMap<string, ContractOperation>;
  /** The methods the path allows, for an `Allow` header: `GET, POST`. */
  readonly allow: string;
  /** Path parameters as sent (still percent-encoded). */
  readonly params: Record<string, string>;
}

/** What a request path is, relative to the service's base path. */
export type PathMatch =
  | { kind: "outside" }
  | { kind: "unknown" }
  | { kind: "route"; route: RouteMatch }
  /** A segment's percent-encoding is broken; `route` is set when the path is an operation's even so. */
  | { kind: "undecodable"; route: RouteMatch | undefined };

/**
 * The path every server URL of the contract ends in (`/v1`): operations are served under it. The servers must agree,
 * since one service stands in for all of them.
 */
export function contractBasePath(servers: unknown = Object.values(contractServers).map((url) => ({ url }))): string {
  // A relative server URL is resolved against a placeholder origin: only its path matters here.
  const pathOf = (server: { url: string }) =>
    new URL(server.url, "http://relative.invalid").pathname.replace(/\/$/, "");
  const paths = new Set(((servers ?? []) as { url: string }[]).map(pathOf));
  const [path, ...others] = [...paths];
  if (path === undefined || others.length > 0)
    throw new Error(
      `[@petstore/service] the contract's servers must share one base path, found ${JSON.stringify([...paths])}`,
    );
  return path;
}

function compile(operations: readonly ContractOperation[]): Route[] {
  const byPath = new Map<string, Map<string, ContractOperation>>();
  for (const op of operations) byPath.set(op.path, (byPath.get(op.path) ?? new Map()).set(op.method, op));
  return [...byPath].map(([template, ops]) => ({
    template,
    segments: template
      .split("/")
      .slice(1)
      .map((part) => (/^\{[^}]+\}$/.test(part) ? { param: part.slice(1, -1) } : part)),
    operations: ops,
    allow: [...ops.keys()].join(", "),
  }));
}

/** A segment decoded, or undefined when its percent-encoding is broken. */
function decodeSegment(segment: string): string | undefined {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Paths whose match is remembered per base path, and the longest path remembered. */
const REMEMBERED_PATHS = 512;
const REMEMBERED_PATH_LENGTH = 256;

/**
 * The matcher of request paths to the contract's operations: the one place routes are matched. A path is split into
 * segments, each literal compared decoded (`/v1/%70ets` is `/v1/pets`, so it is authenticated like it) and each
 * parameter kept as sent for the caller to decode. A path outside `basePath` is `outside`.
 *
 * Clients ask for the same few paths again and again, so the matches of recent short paths are remembered (frozen,
 * as every caller shares them): splitting and decoding a path costs more than the rest of routing.
 */
export function createMatcher(
  operations: readonly ContractOperation[] = operationTable,
): (path: string, basePath: string) => PathMatch {
  const match = matcherOf(compile(operations));
  const remembered = new Map<string, Map<string, PathMatch>>();
  return (path, basePath) => {
    let paths = remembered.get(basePath);
    let found = paths?.get(path);
    if (found !== undefined) return found;
    found = match(path, basePath);
    if (path.length > REMEMBERED_PATH_LENGTH) return found;
    if (paths === undefined) {
      if (remembered.size >= 16) remembered.clear();
      remembered.set(basePath, (paths = new Map()));
    }
    // Past the bound, the oldest goes first.
    if (paths.size >= REMEMBERED_PATHS) paths.delete(paths.keys().next().value!);
    paths.set(path, frozen(found));
    return found;
  };
}

/** `found` and the route it holds, frozen: one match is handed to every request for the same path. */
function frozen(found: PathMatch): PathMatch {
  if ("route" in found && found.route) {
    Object.freeze(found.route.params);
    Object.freeze(found.route);
  }
  return Object.freeze(found);
}

function matcherOf(routes: readonly Route[]): (path: string, basePath: string) => PathMatch {
  return (path, basePath) => {
    if (!path.startsWith("/")) return { kind: "outside" };
    const raw = path.split("/").slice(1);
    const decoded = raw.map(decodeSegment);
    const base = basePath === "" ? [] : basePath.split("/").slice(1);
    for (let i = 0; i < base.length; i++) if (decoded[i] !== base[i]) return { kind: "outside" };
    const rest = raw.slice(base.length);
    const restDecoded = decoded.slice(base.length);
    const broken = restDecoded.includes(undefined) || decoded.slice(0, base.length).includes(undefined);
    for (const route of routes) {
      if (route.segments.length !== rest.length) continue;
      const params: Record<string, string> = {};
      let matched = true;
      for (let i = 0; i < rest.length; i++) {
        const segment = route.segments[i]!;
        if (typeof segment === "string") {
          if ((restDecoded[i] ?? rest[i]) !== segment) {
            matched = false;
            break;
          }
        } else params[segment.param] = rest[i]!;
      }
      if (!matched) continue;
      const match = { template: route.template, operations: route.operations, allow: route.allow, params };
      return broken ? { kind: "undecodable", route: match } : { kind: "route", route: match };
    }
    return broken ? { kind: "undecodable", route: undefined } : { kind: "unknown" };
  };
}

/** Every operation as `GET /v1/pets` under `basePath`, for messages. */
export function routeList(basePath: string, operations: readonly ContractOperation[] = operationTable): string {
  return operations.map((op) => `${op.method} ${basePath}${op.path}`).join(", ");
}
