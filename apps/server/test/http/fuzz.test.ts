import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectContractResponse } from "../helpers/contract";
import { call, useServer } from "../helpers/server";

const server = useServer();

// Any input a client can send must get a contract response: never a 500, never a dropped connection.
describe("arbitrary client input", () => {
  it("POST /v1/pets answers 201 or a valid 400 for any JSON body", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ name: fc.jsonValue(), categoryId: fc.jsonValue(), status: fc.jsonValue() }, { requiredKeys: [] }),
        ),
        async (body) => {
          const response = await call(server.current, "/v1/pets", { method: "POST", body: JSON.stringify(body) });
          expect([201, 400]).toContain(response.status);
          expectContractResponse("createPet", response.status, response.body);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("POST /v1/pets answers 400 for any text that is not JSON", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 60 }), async (text) => {
        fc.pre(
          (() => {
            try {
              JSON.parse(text);
              return false;
            } catch {
              return true;
            }
          })(),
        );
        const response = await call(server.current, "/v1/pets", { method: "POST", body: text });
        expect(response.status).toBe(400);
        expectContractResponse("createPet", 400, response.body);
      }),
      { numRuns: 100 },
    );
  });

  it("GET /v1/pets/{petId} answers 200, 400 or 404 with a valid body for any path segment", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.bigInt().map(String), fc.double().map(String)),
        async (segment) => {
          const response = await call(server.current, `/v1/pets/${encodeURIComponent(segment)}`);
          expect([200, 400, 404]).toContain(response.status);
          expectContractResponse("getPet", response.status, response.body);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("GET /v1/pets answers 200 or a valid 400 for any limit and status", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), async (limit, status) => {
        const query = new URLSearchParams({ limit, status }).toString();
        const response = await call(server.current, `/v1/pets?${query}`);
        expect([200, 400]).toContain(response.status);
        expectContractResponse("listPets", response.status, response.body);
      }),
      { numRuns: 150 },
    );
  });
});
