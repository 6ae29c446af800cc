import { describe, expect, it } from "vitest";
import { contractHeader, expectContractResponse, expectError } from "../helpers/contract";
import { call, createPet, useServer } from "../helpers/server";

const server = useServer();

function expectDeprecationHeaders(headers: Headers): void {
  expect(headers.get("sunset")).toBe(contractHeader("Sunset"));
  expect(headers.get("deprecation")).toBe(contractHeader("Deprecation"));
  expect(headers.get("link")).toBe(contractHeader("DeprecationLink"));
}

describe("GET /v1/pets/{petId} (deprecated)", () => {
  it("returns the pet with Sunset, Deprecation and Link headers whose values are the contract's", async () => {
    const created = await createPet(server.current, { name: "Rex", categoryId: 1, status: "available" });
    const response = await call(server.current, `/v1/pets/${created.body.id}`);
    expect(response.status).toBe(200);
    expectContractResponse("getPet", 200, response.body);
    expect(response.body).toEqual(created.body);
    expectDeprecationHeaders(response.headers);
    expect(response.headers.get("sunset")).toBe("Thu, 05 Dec 2030 00:00:00 GMT");
  });

  it.each([
    ["an id nobody has", "424242"],
    ["the largest int64", "9223372036854775807"],
    ["2^53 (beyond exact JavaScript numbers)", "9007199254740992"],
    ["2^53 + 1 (which a JavaScript number would round)", "9007199254740993"],
    ["2^53 - 1", "9007199254740991"],
  ])("answers 404 with the deprecation headers for %s", async (_label, id) => {
    const response = await call(server.current, `/v1/pets/${id}`);
    expect(response.status).toBe(404);
    expectError(404, response.body, "not_found");
    expectContractResponse("getPet", 404, response.body);
    expect(response.body.message).toContain(`No pet with id ${id}.`);
    expectDeprecationHeaders(response.headers);
  });

  it.each([
    ["0", "zero"],
    ["-1", "negative"],
    ["-9223372036854775808", "the smallest int64"],
    ["9223372036854775808", "2^63, one past int64"],
    ["99999999999999999999999999", "far beyond int64"],
    ["1.5", "a fraction"],
    ["1e3", "exponent notation"],
    ["abc", "letters"],
    ["0x10", "hex"],
    ["%20", "a space"],
    ["NaN", "NaN"],
    ["Infinity", "Infinity"],
  ])("answers 400 for petId %s (%s)", async (id) => {
    const response = await call(server.current, `/v1/pets/${id}`);
    expect(response.status).toBe(400);
    expectError(400, response.body, "invalid_request");
    expectContractResponse("getPet", 400, response.body);
    expect(response.body.message).toContain("petId must be a positive 64-bit integer");
    expectDeprecationHeaders(response.headers);
  });

  it("sends the deprecation headers on a 401 too", async () => {
    const response = await call(server.current, "/v1/pets/1", { headers: { authorization: "" } });
    expect(response.status).toBe(401);
    expectDeprecationHeaders(response.headers);
  });

  it("does not send deprecation headers on operations that are not deprecated", async () => {
    const response = await call(server.current, "/v1/pets");
    expect(response.headers.get("sunset")).toBeNull();
    expect(response.headers.get("deprecation")).toBeNull();
  });
});
