import { describe, expect, it } from "vitest";
import { expectContractResponse, expectError } from "../helpers/contract";
import { call, createPet, useServer } from "../helpers/server";

const server = useServer();
const statuses = ["available", "pending", "sold", undefined] as const;

describe("GET /v1/pets", () => {
  it("returns [] before any pet exists", async () => {
    const response = await call(server.current, "/v1/pets");
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it("returns pets in ascending id order, 20 by default, up to limit, filtered by status", async () => {
    const created = [];
    for (let i = 0; i < 110; i++) {
      const status = statuses[i % 4];
      created.push(
        (await createPet(server.current, { name: `pet-${i}`, categoryId: i, ...(status ? { status } : {}) })).body,
      );
    }
    const all = await call(server.current, "/v1/pets");
    expectContractResponse("listPets", 200, all.body);
    expect(all.body).toEqual(created.slice(0, 20));

    expect((await call(server.current, "/v1/pets?limit=1")).body).toEqual(created.slice(0, 1));
    expect((await call(server.current, "/v1/pets?limit=100")).body).toEqual(created.slice(0, 100));
    for (const status of ["available", "pending", "sold"]) {
      const response = await call(server.current, `/v1/pets?status=${status}&limit=7`);
      expectContractResponse("listPets", 200, response.body);
      expect(response.body).toEqual(created.filter((pet) => pet.status === status).slice(0, 7));
    }
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=-1", "limit"],
    ["limit=1.5", "limit"],
    ["limit=abc", "limit"],
    ["limit=", "limit"],
    ["limit=1e1", "limit"],
    ["limit=99999999999999999999999", "limit"],
    ["limit=1&limit=2", "limit"],
    ["status=eaten", "status"],
    ["status=AVAILABLE", "status"],
    ["status=", "status"],
  ])("answers 400 naming the parameter for ?%s", async (query, name) => {
    const response = await call(server.current, `/v1/pets?${query}`);
    expect(response.status).toBe(400);
    expectError(400, response.body, "invalid_request");
    expectContractResponse("listPets", 400, response.body);
    expect(response.body.message).toContain(name);
  });

  it("says what a valid limit is", async () => {
    const response = await call(server.current, "/v1/pets?limit=500");
    expect(response.body.message).toBe('Query parameter limit must be an integer from 1 to 100, got "500".');
  });

  it("ignores query parameters the contract does not name", async () => {
    const response = await call(server.current, "/v1/pets?limit=2&page=3");
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
  });
});
