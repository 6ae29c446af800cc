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
    const d = deprecations[id];
    // The contract's facts, made on each call (the reporter keeps the once-only record); a response's complete them.
    const contract: Facts = {
      ...d,
      operation: naming[id][0],
      source: "contract",
      deprecatedAt: d && new Date(d.deprecatedAt),
      sunset: d && new Date(d.sunset),
    };
    if (!headers) return d && report(contract);
    // `Deprecation` (other than `false`) or `Sunset` makes a response a deprecation notice.
    const given = headers.get("deprecation");
    const deprecation = /^false$/i.test(given!) ? undefined : given;
    const sunsetHeader = headers.get("sunset");
    const sunset = parseDeprecationDate(sunsetHeader);
    // What the contract already said was reported on first use; only a different removal date is news.
    if ((deprecation || sunsetHeader) && (!d || (sunset && +sunset !== +contract.sunset!)))
      report({
        ...contract,
        source: "headers",
        deprecatedAt: parseDeprecationDate(deprecation) ?? contract.deprecatedAt,
        sunset,
        link: deprecationLink(headers.get("link")) ?? contract.link,
        contractSunset: d && contract.sunset,
      });
  };
}
