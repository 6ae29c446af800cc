import type { OpenApiDocument } from "./resolve";

/** What an operation can have that makes the service answer errors before the operation runs (`x-request-errors`). */
const requestParts = ["every", "security", "parameters", "requestBody"] as const;
type RequestPart = (typeof requestParts)[number];

type Json = Record<string, unknown>;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"];

/**
 * The HTTP statuses of `x-request-errors`, by request part: its Error codes looked up in `x-error-codes`. Throws, naming
 * the entry, when a part is missing or a code is not in the catalogue.
 */
export function requestErrorStatuses(document: OpenApiDocument): Record<RequestPart, number[]> {
  const table = document["x-request-errors"];
  const catalogue = document["x-error-codes"] ?? {};
  if (!table) throw new Error("[@petstore/contract] openapi.yaml has no x-request-errors");
  const statuses = {} as Record<RequestPart, number[]>;
  for (const part of requestParts) {
    const codes = table[part]?.codes;
    if (!Array.isArray(codes) || codes.length === 0)
      throw new Error(`[@petstore/contract] x-request-errors.${part} needs codes (Error codes of x-error-codes)`);
    statuses[part] = codes.map((code) => {
      const status = catalogue[code]?.status;
      if (status === undefined)
        throw new Error(`[@petstore/contract] x-request-errors.${part} names ${code}, which x-error-codes lacks`);
      return status;
    });
  }
  return statuses;
}

/**
 * One line for each operation that does not declare a status the service answers it with before it runs
 * (`x-request-errors`: every operation; one with security; one with parameters; one with a body), naming the
 * operation and the missing statuses, and one for each operation that overrides the document's `security` (the
 * service authenticates them all). Empty when every operation declares them; a `default` response does not count.
 */
export function undeclaredRequestErrors(document: OpenApiDocument): string[] {
  const statuses = requestErrorStatuses(document);
  const problems: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item).filter((key) => METHODS.includes(key))) {
      const op = item[method] as Json;
      const name = `${String(op.operationId)} (${method.toUpperCase()} ${path})`;
      if (op.security !== undefined && JSON.stringify(op.security) !== JSON.stringify(document.security))
        problems.push(
          `${name} overrides the document's security: the service authenticates every operation with the API ` +
            "key (Authorization: Bearer), so it would answer 401 all the same; remove its security",
        );
      const has: Record<RequestPart, boolean> = {
        every: true,
        security: ((document.security ?? []) as unknown[]).length > 0,
        parameters: [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].length > 0,
        requestBody: op.requestBody !== undefined,
      };
      const declared = new Set(Object.keys((op.responses ?? {}) as Json));
      const missing = new Map<number, Set<RequestPart>>();
      for (const part of requestParts) {
        if (!has[part]) continue;
        for (const status of statuses[part]) {
          if (declared.has(String(status))) continue;
          missing.set(status, (missing.get(status) ?? new Set()).add(part));
        }
      }
      if (missing.size === 0) continue;
      const list = [...missing.keys()].sort((a, b) => a - b).join(", ");
      const parts = [...new Set([...missing.values()].flatMap((set) => [...set]))].join(", ");
      problems.push(
        `${name} must declare ${list}: the service answers them ` +
          `before it runs (x-request-errors: ${parts}); $ref the shared responses of components/responses`,
      );
    }
  }
  return problems;
}
