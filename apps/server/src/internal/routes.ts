import { contractBasePath, type ContractOperation } from "./contract";

/** The base path every operation of the contract lives under, from its `servers`. */
export const BASE_PATH = contractBasePath();

/** `/pets/{petId}` → `/v1/pets/:petId` (Fastify's syntax). */
export function fastifyUrl(path: string): string {
  return BASE_PATH + path.replace(/\{([^}]+)\}/g, ":$1");
}

/** The methods the contract defines on each path, keyed by Fastify URL. */
export function methodsByUrl(operations: readonly ContractOperation[]): Map<string, string[]> {
  const byUrl = new Map<string, string[]>();
  for (const op of operations) {
    const url = fastifyUrl(op.path);
    byUrl.set(url, [...(byUrl.get(url) ?? []), op.method]);
  }
  return byUrl;
}

/** A matcher from a request URL to the methods allowed there, or undefined for an unknown path. */
export function allowedMethodsMatcher(byUrl: Map<string, string[]>): (url: string) => string[] | undefined {
  const patterns = [...byUrl].map(([url, methods]) => ({
    regex: new RegExp(`^${url.replace(/:[^/]+/g, "[^/]+")}$`),
    methods,
  }));
  return (url) => {
    const path = url.split("?")[0] ?? "";
    return patterns.find((p) => p.regex.test(path))?.methods;
  };
}

/** The path of a request URL, cut to a length that is safe to echo in a message. */
export function pathOf(url: string): string {
  const path = url.split("?")[0] ?? "";
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
