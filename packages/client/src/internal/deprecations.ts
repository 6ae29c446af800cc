import { operations, type OperationId } from "@petstore/contract";
import { deprecationLink, type Facts, parseDeprecationDate } from "../deprecation";
type Contract = Record<
  string,
  {
    method: string;
    path: string;
    deprecation?: { deprecatedAt: string; sunset: string; replacement: string; link: string };
  }
>;

/** Checks an operation: without headers the contract's deprecation, with them the response's. */
export type DeprecationCheck = (id: OperationId, headers?: Headers) => void;

/** How an operation is named to the user: the SDK method and its replacement, or the HTTP request (`raw`). */
export type Naming = (
  id: OperationId,
  method: string,
  path: string,
  replacement: string,
) => [operation: string, replacement: string];

/** Reports through `report`: the contract's deprecation on first use, and response headers that say something else. */
export function deprecationCheck(report: (facts: Facts) => void, naming: Naming): DeprecationCheck {
  const known = {} as Record<OperationId, [label: string, facts?: Facts]>;
  for (const [id, { method, path, deprecation: d }] of Object.entries(operations as Contract)) {
    const [operation, replacement] = naming(id as OperationId, method, path, d?.replacement ?? "");
    known[id as OperationId] = [
      operation,
      d && {
        ...d,
        operation,
        replacement,
        source: "contract",
        deprecatedAt: new Date(d.deprecatedAt),
        sunset: new Date(d.sunset),
      },
    ];
  }
  return (id, headers) => {
    const [operation, contract] = known[id];
    if (!headers) return contract && report(contract);
    // `Deprecation` (other than `false`) or `Sunset` makes a response a deprecation notice.
    const given = headers.get("deprecation")?.trim();
    const deprecation = given?.toLowerCase() === "false" ? undefined : given;
    const sunsetHeader = headers.get("sunset");
    if (!deprecation && !sunsetHeader) return;
    const deprecatedAt = parseDeprecationDate(deprecation);
    const sunset = parseDeprecationDate(sunsetHeader);
    const link = deprecationLink(headers.get("link"));
    if (!contract) return report({ operation, source: "headers", deprecatedAt, sunset, link });
    // What the contract already said was reported on first use; only a different removal date is news.
    if (sunset && +sunset !== +contract.sunset!)
      report({
        ...contract,
        source: "headers",
        deprecatedAt: deprecatedAt ?? contract.deprecatedAt,
        sunset,
        link: link ?? contract.link,
        contractSunset: contract.sunset,
      });
  };
}
