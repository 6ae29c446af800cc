import { operationTable, type ContractOperation } from "@petstore/contract";

/** A contract path that matched a request path. */
export interface RouteMatch {
  /** The path template, e.g. `/pets/{petId}`. */
  template: string;
  /** The operations on this path, by upper-case method. */
  operations: ReadonlyMap<string, ContractOperation>;
  /** Raw (still percent-encoded) path parameters. */
  params: Record<string, string>;
  /** Whether a path parameter is empty, as in `/pets/`. */
  emptyParameter: boolean;
}

/** The router for `operations`' paths, relative to the base path: `/pets/12` → getPet with `{ petId: "12" }`. */
export function createRouter(
  operations: readonly ContractOperation[] = operationTable,
): (path: string) => RouteMatch | undefined {
  const byPath = new Map<string, Map<string, ContractOperation>>();
  for (const op of operations) byPath.set(op.path, (byPath.get(op.path) ?? new Map()).set(op.method, op));
  const routes = [...byPath].map(([template, ops]) => {
    const names: string[] = [];
    const source = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return "([^/]*)";
    });
    return { template, regex: new RegExp(`^${source}$`), names, operations: ops };
  });
  return (path) => {
    for (const route of routes) {
      const match = route.regex.exec(path);
      if (!match) continue;
      const values = route.names.map((_name, i) => match[i + 1] ?? "");
      return {
        template: route.template,
        operations: route.operations,
        params: Object.fromEntries(route.names.map((name, i) => [name, values[i]!])),
        emptyParameter: values.includes(""),
      };
    }
    return undefined;
  };
}

/** Every operation as `GET /v1/pets` under `basePath`, for messages. */
export function routeList(basePath: string, operations: readonly ContractOperation[] = operationTable): string {
  return operations.map((op) => `${op.method} ${basePath}${op.path}`).join(", ");
}

/** The methods the service allows at a path, joined for an `Allow` header (`GET, POST`). */
export function allowHeader(match: RouteMatch): string {
  return [...match.operations.keys()].join(", ");
}
