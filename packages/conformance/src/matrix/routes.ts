import type { ConformanceCase, SemanticCheck } from "../case";
import { pathMethods } from "../internal/contract";

/** RFC 9110 §15.5.6: a 405 must name the methods the resource does serve; those are the contract's. */
const allows = (template: string): SemanticCheck<unknown> => {
  const expected = pathMethods(template).sort();
  return {
    name: `Allow lists ${expected.join(", ")}`,
    check: (exchange) => {
      const allow = exchange.headers.get("allow");
      const got = (allow ?? "").split(",").map((method) => method.trim().toUpperCase()).filter(Boolean).sort();
      return got.join(",") === expected.join(",") ? undefined : `expected Allow: ${expected.join(", ")}, got ${allow === null ? "none" : JSON.stringify(allow)}`;
    },
  };
};

/** Routes and methods outside the contract: Error bodies with 404 and 405, never an HTML or empty page. */
export function routeCases(): ConformanceCase[] {
  const outside = (id: string, method: string, path: string, status: number, title: string, checks: SemanticCheck<unknown>[] = []): ConformanceCase => ({
    id: `routes.${id}`, operationId: null, title, requires: ["route-errors"], request: { method, path, auth: "valid" }, status, checks,
  });
  return [
    outside("unknown-path", "GET", "/orders", 404, "answers an unknown path with a 404 Error body"),
    outside("nested-unknown-path", "GET", "/pets/1/owner", 404, "answers a path below a pet with a 404 Error body"),
    outside("delete-pets", "DELETE", "/pets", 405, "answers DELETE /pets with a 405 Error body and an Allow header", [allows("/pets")]),
    outside("put-pet", "PUT", "/pets/1", 405, "answers PUT /pets/{petId} with a 405 Error body and an Allow header", [allows("/pets/{petId}")]),
  ];
}
