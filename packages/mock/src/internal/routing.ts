import { contractOperations, type ContractOperation } from "./contract";

/** A contract path that matched a request path. */
export interface RouteMatch {
  /** The operations on this path, by upper-case method. */
  operations: ReadonlyMap<string, ContractOperation>;
  /** Raw (still percent-encoded) path parameters. */
  params: Record<string, string>;
  /** Whether a path parameter is empty, as in `/pets/`. */
  emptyParameter: boolean;
}

/** The router for the contract's paths, relative to a base URL: `/pets/12` → getPet with `{ petId: "12" }`. */
export function createRouter(): (path: string) => RouteMatch | undefined {
  const byPath = new Map<string, Map<string, ContractOperation>>();
  for (const op of contractOperations()) byPath.set(op.path, (byPath.get(op.path) ?? new Map()).set(op.method, op));
  const routes = [...byPath].map(([template, operations]) => {
    const names: string[] = [];
    const source = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return "([^/]*)";
    });
    return { regex: new RegExp(`^${source}$`), names, operations };
  });
  return (path) => {
    for (const route of routes) {
      const match = route.regex.exec(path);
      if (!match) continue;
      const values = route.names.map((_name, i) => match[i + 1] ?? "");
      return { operations: route.operations, params: Object.fromEntries(route.names.map((name, i) => [name, values[i]!])), emptyParameter: values.includes("") };
    }
    return undefined;
  };
}

/** Every operation as `GET /v1/pets` under `basePath`, for messages. */
export function routeList(basePath: string): string {
  return contractOperations().map((op) => `${op.method} ${basePath}${op.path}`).join(", ");
}
