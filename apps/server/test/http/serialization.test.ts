import { operationTable, type Pet } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createMemoryStore, startServer, type PetStore } from "../../src/index";
import { exampleRequest, successStatus } from "../../../../test/helpers/operations.ts";
import { expectContractResponse } from "../helpers/contract";
import { call, useServer } from "../helpers/server";

const isPet = (value: object): value is Pet => "id" in value && "name" in value && "categoryId" in value;
/** `value` with every pet in it (as is, in an array, or in a field such as create's `pet`) carrying extra fields. */
function leakInto(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(leakInto);
  if (typeof value !== "object" || value === null) return value;
  if (isPet(value)) return { ...value, internalNote: "do not serialize", ownerEmail: "a@b.example" };
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, leakInto(field)]));
}

// A store that leaks internal fields: the contract's response schemas must keep them off the wire. Every method is
// wrapped, so one added to PetStore for a new operation leaks too; without `revision`, as before, so every list is
// encoded anew.
const inner = createMemoryStore();
function leakyStore(): PetStore {
  const { revision: _revision, ...methods } = inner;
  return Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [
      name,
      typeof method === "function"
        ? async (...args: unknown[]) => leakInto(await (method as (...a: unknown[]) => unknown).apply(inner, args))
        : method,
    ]),
  ) as unknown as PetStore;
}

const leaky = leakyStore();
const server = useServer({ store: leaky });

describe("response serialization from the contract", () => {
  it.each(operationTable.map((op) => [op.operationId, op] as const))(
    "%s sends only the fields the contract names",
    async (_id, operation) => {
      const { pet } = await inner.create({ name: "Rex", categoryId: 1 });
      expect(await leaky.get(pet.id)).toHaveProperty("internalNote");
      const request = exampleRequest(operation, pet.id);
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const answer = await call(server.current, `/v1${request.path}`, { method: request.method, body });
      expect(answer.status).toBe(successStatus(operation));
      expect(answer.text).not.toContain("internalNote");
      expect(answer.text).not.toContain("ownerEmail");
      expectContractResponse(operation.operationId, answer.status, answer.body);
    },
  );

  it("sends a created pet as the contract's Pet, not as the store holds it", async () => {
    const created = await call(server.current, "/v1/pets", {
      method: "POST",
      body: JSON.stringify({ name: "Tom", categoryId: 1 }),
    });
    expect(created.body).toEqual({ id: created.body.id, name: "Tom", categoryId: 1 });
  });

  it("answers a store failure with a 500 Error body that names the request id, not the cause", async () => {
    const failing: PetStore = {
      ...createMemoryStore(),
      list: async () => Promise.reject(new Error("disk on fire: /secret/path")),
    };
    const broken = await startServer({ apiKeys: ["k"], store: failing });
    try {
      const response = await fetch(`${broken.baseUrl}/pets`, { headers: { authorization: "Bearer k" } });
      const body = await response.json();
      expect(response.status).toBe(500);
      expectContractResponse("listPets", 500, body);
      expect(body.code).toBe("internal_error");
      expect(body.message).toContain(response.headers.get("x-request-id")!);
      expect(JSON.stringify(body)).not.toContain("disk on fire");
    } finally {
      await broken.close();
    }
  });
});
