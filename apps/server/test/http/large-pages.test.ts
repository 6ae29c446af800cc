import type { Pet } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createMemoryStore, startServer, type PetStore } from "../../src/index";

describe("pages of large pets", () => {
  it("are streamed with the same bytes the serializer gives, escapes, statuses and extra store fields included", async () => {
    const inner = createMemoryStore();
    // A store that returns more than the contract names: the streamed page must drop it as the serializer does.
    const leaky: PetStore = {
      ...inner,
      list: async (query) => (await inner.list(query)).map((pet) => ({ ...pet, secret: "x" }) as Pet),
    };
    const names = [
      "a".repeat(400_000),
      `quote " backslash \\ newline \n ${"b".repeat(400_000)}`,
      `lone \ud800 surrogate, ünï 🐕 ${"c".repeat(400_000)}`,
    ];
    const expected: Pet[] = [];
    for (const [index, name] of names.entries()) {
      const status = index === 1 ? undefined : "sold";
      expected.push((await inner.create({ name, categoryId: index, ...(status ? { status } : {}) })).pet);
    }
    const server = await startServer({ apiKeys: ["k"], store: leaky });
    try {
      for (const query of ["", "?limit=3", "?status=sold"]) {
        const response = await fetch(`${server.baseUrl}/pets${query}`, { headers: { authorization: "Bearer k" } });
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
        const wanted = query === "?status=sold" ? expected.filter((pet) => pet.status === "sold") : expected;
        expect(await response.text()).toBe(JSON.stringify(wanted));
      }
    } finally {
      await server.close();
    }
  });
});
