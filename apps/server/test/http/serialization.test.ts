import type { Pet } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createMemoryStore, startServer, type PetStore } from "../../src/index";
import { expectContractResponse } from "../helpers/contract";
import { call, createPet, useServer } from "../helpers/server";

// A store that leaks an internal field: the contract's response schemas must keep it off the wire.
function leakyStore(): PetStore {
  const inner = createMemoryStore();
  const leak = (pet: Pet) => ({ ...pet, internalNote: "do not serialize", ownerEmail: "a@b.example" }) as Pet;
  // Every other method as is (the server's memory store is a plain object), so a method added to PetStore needs no
  // edit; without `revision`, as before, so every list is encoded anew.
  const { revision: _revision, ...rest } = inner;
  return {
    ...rest,
    create: async (pet, key) => {
      const result = await inner.create(pet, key);
      return { ...result, pet: leak(result.pet) };
    },
    get: async (id) => {
      const pet = await inner.get(id);
      return pet && leak(pet);
    },
    list: async (query) => (await inner.list(query)).map(leak),
  };
}

const server = useServer({ store: leakyStore() });

describe("response serialization from the contract", () => {
  it("sends only the fields the contract's Pet names, from every operation", async () => {
    const created = await createPet(server.current, { name: "Rex", categoryId: 1 });
    const listed = await call(server.current, "/v1/pets");
    const fetched = await call(server.current, `/v1/pets/${created.body.id}`);
    for (const text of [created.text, listed.text, fetched.text]) expect(text).not.toContain("internalNote");
    expect(created.body).toEqual({ id: 1, name: "Rex", categoryId: 1 });
    expectContractResponse("createPet", 201, created.body);
    expectContractResponse("listPets", 200, listed.body);
    expectContractResponse("getPet", 200, fetched.body);
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
