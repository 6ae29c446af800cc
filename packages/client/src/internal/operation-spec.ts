import type { OperationId } from "@petstore/contract";
import type { CallInput } from "./call";

/** Where `value`'s property `name` breaks the contract: `/0/name is missing`, `/id must be an integer`. */
export const bad = (at: string, value: Record<string, unknown>, name: string, what: string): string =>
  `${at}/${name} ${value[name] === undefined ? "is missing" : `must be ${what}`}`;

/** Where an array response breaks the contract: not an array, or the first item `item` finds a problem in. */
export function arrayProblem(value: unknown, item: (value: unknown, at?: string) => string): string {
  if (!Array.isArray(value)) return "/ must be an array";
  // The pointer is built only for the item that fails.
  const index = value.findIndex((each) => item(each));
  return index < 0 ? "" : item(value[index], `/${index}`);
}

/**
 * How the typed client presents one operation of the contract, as a tuple (its entries are read on every call, and a
 * tuple's indexes cost less to ship than property names). `src/generated/operations.ts` holds one per operation.
 */
export type OperationSpec = readonly [
  /** The SDK method, as messages name it: `pets.list()`. */
  sdk: string,
  /**
   * Checks the method's arguments (path parameters, the body, the query parameters as one object, then
   * `RequestOptions`) and shapes them as the request.
   */
  // biome-ignore lint/suspicious/noExplicitAny: each generated function checks its arguments itself
  input: (...args: any[]) => CallInput,
  /** Says where a success body breaks the contract, or ""; 0 when the success response has no body. */
  check: ((value: unknown) => string) | 0,
  method: string,
  /** The path template: `/pets/{petId}`. */
  path: string,
];

/** A deprecated operation's dates, documentation and the call to use instead. */
interface Deprecation {
  deprecatedAt: Date;
  sunset: Date;
  replacement: string;
  link: string;
}

/** The contract's deprecated operations, by operationId. */
export type Deprecations = Partial<Record<OperationId, Deprecation>>;
