import type { OperationId } from "@petstore/contract";
import { deprecationLink, type Facts, parseDeprecationDate } from "../deprecation";
import type { Deprecations } from "./operation-spec";

/** Checks an operation: without headers the contract's deprecation, with them the response's. */
export type DeprecationCheck = (id: OperationId, headers?: Headers) => void;

/**
 * How each operation is named to the user: the SDK method (the typed client's operation table), or the HTTP request
 * (`raw`).
 */
export type Naming = Record<OperationId, readonly [operation: string, ...unknown[]]>;

/**
 * Reports through `report`: the contract's deprecation (from `deprecations`, its replacement an SDK call for the typed
 * client, the contract's HTTP request for `raw`) on first use, and response headers that say something else.
 */
export function deprecationCheck(
  report: (facts: Facts) => void,
  naming: Naming,
  deprecations: Deprecations,
): DeprecationCheck {
  return (id, headers) => {
    const [operation] = naming[id];
    const contract = deprecations[id];
    // The contract's facts are reported on first use (the reporter keeps the once-only record).
    if (!headers) return contract && report({ ...contract, operation, source: "contract" });
    // `Deprecation` (other than `false`) or `Sunset` makes a response a deprecation notice. `Headers` trims values.
    const deprecation = headers.get("deprecation");
    const sunsetHeader = headers.get("sunset");
    if (!sunsetHeader && (!deprecation || /^false$/i.test(deprecation))) return;
    const sunset = parseDeprecationDate(sunsetHeader);
    // The response's facts, completed by the contract's (`false` parses as no date).
    const facts: Facts = {
      ...contract,
      operation,
      source: "headers",
      deprecatedAt: parseDeprecationDate(deprecation) ?? contract?.deprecatedAt,
      sunset,
      link: deprecationLink(headers.get("link")) ?? contract?.link,
    };
    if (!contract) return report(facts);
    // What the contract already said was reported on first use; only a different removal date is news.
    if (sunset && +sunset !== +contract.sunset) report({ ...facts, contractSunset: contract.sunset });
  };
}
