import type { Pet } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createMemoryStore, startServer, type PetStore } from "../../src/index";
import { call, createPet, useServer } from "../helpers/server";

// The same memory store twice: as is (it has `revision`, so the server reuses encoded lists) and without
// `revision` (the server lists and encodes on every request, as it does for PostgreSQL).
// Every other method as is (the server's memory store is a plain object), so a method added to PetStore needs no edit.
function withoutRevision(inner: PetStore): PetStore {
  const { revision: _revision, ...rest } = inner;
  return rest;
}

const cached = useServer({ store: createMemoryStore() });
const uncached = useServer({ store: withoutRevision(createMemoryStore()) });
const queries = [
  "/v1/pets",
  "/v1/pets?limit=3",
  "/v1/pets?status=sold",
  "/v1/pets?status=available&limit=2",
  "/v1/pets?limit=100",
];

describe("reused list answers", () => {
  it("are byte-identical to freshly encoded ones, and a new pet shows up in the very next list", async () => {
    const pets = [
      { name: "Rex", categoryId: 1, status: "available" },
      { name: "Tom", categoryId: 2, status: "sold" },
      { name: "Max", categoryId: 3 },
      { name: "Ünï 🐕", categoryId: 4, status: "available" },
    ];
    for (const pet of pets) {
      for (const server of [cached, uncached]) expect((await createPet(server.current, pet)).status).toBe(201);
      for (const query of queries) {
        // Twice each: the second answer comes from the cache when there is one.
        for (let round = 0; round < 2; round++) {
          const [a, b] = await Promise.all([call(cached.current, query), call(uncached.current, query)]);
          expect(a.status).toBe(200);
          expect(a.headers.get("content-type")).toBe(b.headers.get("content-type"));
          expect(a.text).toBe(b.text);
        }
      }
    }
    expect((await call(cached.current, "/v1/pets?status=available")).body.map((pet: Pet) => pet.name)).toEqual([
      "Rex",
      "Ünï 🐕",
    ]);
  });

  it("keep only the contract's fields when the store returns more", async () => {
    const inner = createMemoryStore();
    const leaky: PetStore = {
      ...inner,
      list: async (query) =>
        (await inner.list(query)).map((pet) => ({ ...pet, internalNote: "do not serialize" }) as Pet),
    };
    expect(leaky.revision).toBeDefined();
    const server = await startServer({ apiKeys: ["k"], store: leaky });
    try {
      const headers = { authorization: "Bearer k", "content-type": "application/json" };
      await fetch(`${server.baseUrl}/pets`, { method: "POST", headers, body: '{"name":"Rex","categoryId":1}' });
      for (let round = 0; round < 2; round++) {
        const text = await (await fetch(`${server.baseUrl}/pets`, { headers: { authorization: "Bearer k" } })).text();
        expect(JSON.parse(text)).toEqual([{ id: 1, name: "Rex", categoryId: 1 }]);
      }
    } finally {
      await server.close();
    }
  });
});
