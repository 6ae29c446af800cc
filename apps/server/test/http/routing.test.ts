import { operationTable } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { allowOf, methodsOf, pathsOf } from "../../../../test/helpers/operations.ts";
import { expectError } from "../helpers/contract";
import { call, useServer } from "../helpers/server";

const server = useServer();

describe("routing", () => {
  it.each(["/", "/pets", "/v2/pets", "/v1", "/v1/pets/1/owner", "/v1/store/orders", "/v1/PETS"])(
    "answers 404 with an Error body listing the real routes for %s",
    async (path) => {
      const response = await call(server.current, path);
      expect(response.status).toBe(404);
      expectError(404, response.body, "not_found");
      expect(response.body.message).toContain("GET /v1/pets");
      expect(response.headers.get("x-request-id")).toBeTruthy();
    },
  );

  // Each path of the contract with each method it does not serve (and a parameter that is not an id, once).
  const unserved = pathsOf(operationTable).flatMap((template) => {
    const allow = methodsOf(operationTable, template);
    const missing = ["PUT", "DELETE", "PATCH", "POST"].filter((method) => !allow.includes(method));
    const rows = missing.map((method) => [method, `/v1${template.replace(/\{[^}]+\}/g, "1")}`, allow.join(", ")]);
    if (template.includes("{") && missing[0])
      rows.push([missing[0], `/v1${template.replace(/\{[^}]+\}/g, "abc")}`, allow.join(", ")]);
    return rows;
  });

  it.each(unserved)("answers %s %s with 405, an Error body and Allow: %s", async (method, path, allow) => {
    const response = await call(server.current, path, { method, body: "{}" });
    expect(response.status).toBe(405);
    expectError(405, response.body, "method_not_allowed");
    // The header adds OPTIONS, which the service answers; the message names the API's methods.
    expect(response.headers.get("allow")).toBe(`${allow}, OPTIONS`);
    expect(response.body.message).toContain(`Use ${allow}.`);
  });

  it("answers HEAD on a known path with 405 and Allow, without a body", async () => {
    const response = await fetch(`${server.current.baseUrl}/pets`, { method: "HEAD" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allowOf(operationTable, "/pets"));
  });

  it("answers a malformed percent-encoding with a 4xx Error body, never a 500", async () => {
    const response = await call(server.current, "/v1/pets/%E0%A4%A");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ status: response.status });
  });
});
