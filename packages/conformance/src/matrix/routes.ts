import type { ConformanceCase } from "../case";

/** Routes and methods outside the contract: Error bodies with 404 and 405, never an HTML or empty page. */
export function routeCases(): ConformanceCase[] {
  const outside = (id: string, method: string, path: string, status: number, title: string): ConformanceCase => ({
    id: `routes.${id}`, operationId: null, title, requires: ["route-errors"], request: { method, path, auth: "valid" }, status,
  });
  return [
    outside("unknown-path", "GET", "/orders", 404, "answers an unknown path with a 404 Error body"),
    outside("nested-unknown-path", "GET", "/pets/1/owner", 404, "answers a path below a pet with a 404 Error body"),
    outside("delete-pets", "DELETE", "/pets", 405, "answers DELETE /pets with a 405 Error body"),
    outside("put-pet", "PUT", "/pets/1", 405, "answers PUT /pets/{petId} with a 405 Error body"),
  ];
}
