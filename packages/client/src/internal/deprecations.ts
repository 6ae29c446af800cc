import { operations } from "@petstore/contract";
import { deprecationFromHeaders, type DeprecationInfo } from "../deprecation";

type Facts = Omit<DeprecationInfo, "message">;
type Contract = Record<string, { method: string; path: string; deprecation?: { deprecatedAt: string; sunset: string; replacement: string; link: string } }>;

/** Checks an operation named `METHOD /path` (the contract's template): without headers the contract's deprecation, with them the response's. */
export type DeprecationCheck = (key: string, headers?: Headers) => void;

/** Reports through `report`; the operations are looked up in a Map built once per client, not scanned per request. */
export function deprecationCheck(report: (facts: Facts) => void): DeprecationCheck {
  const known = new Map<string, [label: string, facts?: Facts]>();
  for (const [id, { method, path, deprecation: d }] of Object.entries(operations as Contract)) {
    const operation = `${id} (${method} ${path})`;
    known.set(`${method} ${path}`, [
      operation,
      d && { ...d, operation, source: "contract", deprecatedAt: new Date(d.deprecatedAt), sunset: new Date(d.sunset) },
    ]);
  }
  return (key, headers) => {
    const [label = key, contract] = known.get(key) ?? [];
    const facts = headers ? deprecationFromHeaders(label, headers) : contract;
    if (facts) report(facts);
  };
}
