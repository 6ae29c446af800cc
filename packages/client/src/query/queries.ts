import type { OperationId } from "@petstore/contract";
import type { PetstoreClient } from "../client";
import { ARITY, OPERATIONS } from "../generated/operations";
import type { PetstoreQueries } from "../generated/query";
import { invalid } from "../internal/fail";
import type { OperationSpec } from "../internal/operation-spec";

/** What TanStack Query passes to a `queryFn` that this module uses: the signal that fires when the query is cancelled. */
export interface QueryFunctionContextLike {
  signal: AbortSignal;
}

/** `{ queryKey, queryFn }` for one query, in the shape TanStack Query's `queryOptions`, `useQuery` and `QueryObserver` take. */
export interface PetstoreQueryOptions<TData, TKey extends readonly unknown[]> {
  queryKey: TKey;
  queryFn: (context: QueryFunctionContextLike) => Promise<TData>;
}

/** `{ mutationKey, mutationFn }` for one mutation, in the shape TanStack Query's `useMutation` and `MutationObserver` take. */
export interface PetstoreMutationOptions<TData, TVariables, TKey extends readonly unknown[]> {
  mutationKey: TKey;
  mutationFn: (variables: TVariables) => Promise<TData>;
}

type Method = (...args: unknown[]) => Promise<unknown>;

// Sorted, without undefined values: `{ status, limit }` and `{ limit, status: undefined, … }` give one key.
const stable = (params: object) =>
  Object.fromEntries(
    Object.entries(params)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/**
 * Returns `{ queryKey, queryFn }` options for each read and `{ mutationKey, mutationFn }` options for each change,
 * built on `client`, for TanStack Query (any framework). A query key is `["petstore", operationId, params]`: the path
 * and query parameters by name, sorted, without undefined values, so equal params share one cache entry. Each
 * `queryFn` passes the query's `signal` on, so a cancelled query aborts its request. A mutation's variables are the
 * method's argument (a tuple of them when it takes several), and each mutation is one call, with one
 * Idempotency-Key for all its retries.
 */
export function petstoreQueries(client: Pick<PetstoreClient, keyof PetstoreQueries>): PetstoreQueries {
  const queries: Record<string, Record<string, unknown>> = {};
  for (const id in OPERATIONS) {
    // A request other than GET changes something: a TanStack mutation.
    const [sdk, input, , httpMethod] = OPERATIONS[id as OperationId];
    const [resource, verb] = sdk.slice(0, -2).split(".") as [string, string];
    const count = ARITY[id as OperationId];
    const method = (client as unknown as Record<string, Record<string, Method> | undefined> | null)?.[resource]?.[verb];
    if (typeof method !== "function")
      invalid("petstoreQueries(client)", "a client from createPetstoreClient()", client);
    (queries[resource] ??= {})[verb] =
      httpMethod !== "GET"
        ? () => ({
            mutationKey: ["petstore", id],
            mutationFn: (variables: unknown) => method(...(count > 1 ? (variables as unknown[]) : [variables])),
          })
        : (...given: unknown[]) => {
            const args = Array.from({ length: count }, (_, index) => given[index]);
            const [path, query] = (input as OperationSpec[1])(...args);
            // The query parameters sent as the key holds them, so one key is one URL.
            if (query) args[count - 1] = stable(query);
            return {
              queryKey: ["petstore", id, stable({ ...path, ...query })],
              queryFn: ({ signal }: QueryFunctionContextLike) => method(...args, { signal }),
            };
          };
  }
  return queries as unknown as PetstoreQueries;
}
