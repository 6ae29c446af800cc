/** What the search matches an operation by. */
export interface Searchable {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  sdkMethod: string;
}

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The operations every word of `query` appears in (case-insensitively) — in the summary, operationId, `METHOD /path`
 * or SDK method — best first: a whole-name match, then a name that starts with the query, then document order.
 */
export function searchOperations<T extends Searchable>(operations: readonly T[], query: string): T[] {
  const terms = words(query);
  if (terms.length === 0) return [...operations];
  const whole = query.trim().toLowerCase();
  const ranked = operations
    .map((operation, index) => {
      const names = [operation.operationId, operation.sdkMethod, operation.path].map((n) => n.toLowerCase());
      const haystack = [...names, operation.summary.toLowerCase(), operation.method.toLowerCase()].join(" ");
      if (!terms.every((term) => haystack.includes(term))) return undefined;
      const rank = names.includes(whole) ? 0 : names.some((n) => n.startsWith(whole)) ? 1 : 2;
      return { operation, rank, index };
    })
    .filter((found) => found !== undefined);
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((found) => found.operation);
}
