import { BadRequestError, createPetstoreClient } from "@petstore/client";
import { createPetstoreRawClient } from "@petstore/client/raw";
import { operationTable, type NewPet, type Pet } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createPetstoreHandlers, createPetstoreStore, IdempotencyConflictError } from "../src/index";
import { useMockServer } from "./helpers/mock-server";

const seed: Pet[] = [
  { id: 2, name: "Tom", categoryId: 2, status: "pending" },
  { id: 1, name: "Rex", categoryId: 1, status: "available" },
  { id: 5, name: "Ada", categoryId: 1, status: "available" },
];
const sorted = [...seed].sort((a, b) => a.id - b.id);
/** `GET /pets`'s `limit` as the contract declares it. */
const limitSchema = operationTable
  .find((op) => op.operationId === "listPets")!
  .parameters.find((param) => param.name === "limit")!.schema as { minimum: number; maximum: number; default: number };

describe("createPetstoreStore", () => {
  it("refuses a create past the largest safe id, leaving the store as it was", () => {
    const store = createPetstoreStore([{ id: Number.MAX_SAFE_INTEGER, name: "Big", categoryId: 1 }]);
    expect(() => store.create({ name: "Next", categoryId: 1 })).toThrow(
      /^\[@petstore\/mock\] store.create has no id left after 9007199254740991/,
    );
    expect(store.all()).toEqual([{ id: Number.MAX_SAFE_INTEGER, name: "Big", categoryId: 1 }]);
  });

  it("refuses a misspelt list query key", () => {
    expect(() => createPetstoreStore(seed).list({ limt: 1 } as never)).toThrow(
      /store.list's query: unknown option "limt": use limit, status/,
    );
  });

  it("lists the seed in ascending id order, by default at most the contract's default limit, filtered by status", () => {
    const store = createPetstoreStore(seed);
    expect(store.all()).toEqual(sorted);
    expect(store.list()).toEqual(sorted);
    expect(store.list({ limit: 2 })).toEqual(sorted.slice(0, 2));
    expect(store.list({ status: "available" })).toEqual([sorted[0], sorted[2]]);
    expect(store.list({ status: "sold" })).toEqual([]);
    const many = createPetstoreStore(
      Array.from({ length: limitSchema.maximum + 5 }, (_, i) => ({ id: i + 1, name: `Pet ${i + 1}`, categoryId: 1 })),
    );
    expect(many.list()).toHaveLength(limitSchema.default);
    expect(many.list({ limit: limitSchema.maximum })).toHaveLength(limitSchema.maximum);
  });

  it("gets a pet by id, or undefined", () => {
    const store = createPetstoreStore(seed);
    expect(store.get(5)).toEqual(seed[2]);
    expect(store.get(4)).toBeUndefined();
  });

  it("creates pets with the next id after the largest, keeping only NewPet's fields", () => {
    const store = createPetstoreStore(seed);
    const input = { name: "Zed", categoryId: 3, status: "sold", id: 99, owner: "me" } as NewPet;
    expect(store.create(input)).toEqual({
      pet: { id: 6, name: "Zed", categoryId: 3, status: "sold" },
      replayed: false,
    });
    expect(store.create({ name: "Kit", categoryId: 3 }).pet).toEqual({ id: 7, name: "Kit", categoryId: 3 });
    expect(store.all().map((pet) => pet.id)).toEqual([1, 2, 5, 6, 7]);
  });

  it("hands out copies: changing a returned pet does not change the store", () => {
    const store = createPetstoreStore(seed);
    store.all()[0]!.name = "Changed";
    store.list()[0]!.name = "Changed";
    store.get(1)!.name = "Changed";
    store.create({ name: "Zed", categoryId: 3 }).pet.name = "Changed";
    expect(store.get(1)?.name).toBe("Rex");
    expect(store.get(6)?.name).toBe("Zed");
  });

  it("reset() returns to the seed and forgets idempotency keys", () => {
    const store = createPetstoreStore(seed);
    const key = { scope: "api-key", key: "k-1" };
    store.create({ name: "Zed", categoryId: 3 }, key);
    store.reset();
    expect(store.all()).toEqual(sorted);
    // The key is free again: a different body under it is a new pet, not a conflict.
    expect(store.create({ name: "Other", categoryId: 4 }, key)).toEqual({
      pet: { id: 6, name: "Other", categoryId: 4 },
      replayed: false,
    });
  });

  describe("idempotency", () => {
    const key = { scope: "api-key-1", key: "create-zed" };

    it("replays the first pet for the same key and body, without adding another", () => {
      const store = createPetstoreStore();
      const first = store.create({ name: "Zed", categoryId: 3 }, key);
      expect(store.create({ name: "Zed", categoryId: 3 }, key)).toEqual({ pet: first.pet, replayed: true });
      expect(store.all()).toHaveLength(1);
    });

    it("throws IdempotencyConflictError for the same key with another body", () => {
      const store = createPetstoreStore();
      store.create({ name: "Zed", categoryId: 3 }, key);
      expect(() => store.create({ name: "Zed", categoryId: 4 }, key)).toThrow(IdempotencyConflictError);
      expect(() => store.create({ name: "Zed", categoryId: 4 }, key)).toThrow(
        /Idempotency-Key "create-zed" was already used with a different body/,
      );
      expect(store.all()).toHaveLength(1);
    });

    it("keeps keys of different scopes (API keys) apart", () => {
      const store = createPetstoreStore();
      store.create({ name: "Zed", categoryId: 3 }, key);
      expect(store.create({ name: "Zed", categoryId: 4 }, { ...key, scope: "api-key-2" }).replayed).toBe(false);
      expect(store.all()).toHaveLength(2);
    });

    it("forgets a key after 24 hours, by the injected clock", () => {
      let now = Date.UTC(2030, 0, 1);
      const store = createPetstoreStore([], () => now);
      store.create({ name: "Zed", categoryId: 3 }, key);
      now += 24 * 60 * 60 * 1000 - 1;
      expect(store.create({ name: "Zed", categoryId: 3 }, key).replayed).toBe(true);
      now += 1;
      expect(store.create({ name: "Other", categoryId: 4 }, key)).toEqual({
        pet: { id: 2, name: "Other", categoryId: 4 },
        replayed: false,
      });
    });
  });

  it.each<[string, () => unknown, RegExp]>([
    ["a seed that is not an array", () => createPetstoreStore({} as Pet[]), /the `pets` option must be an array/],
    [
      "a clock that is not a function",
      () => createPetstoreStore([], 5 as unknown as () => number),
      /clock must be a function/,
    ],
    [
      "create without a name",
      () => createPetstoreStore().create({ categoryId: 1 } as NewPet),
      /store.create needs a NewPet .*must have required property 'name'/,
    ],
    [
      "create with an unknown status",
      () => createPetstoreStore().create({ name: "A", categoryId: 1, status: "lost" } as unknown as NewPet),
      /\/status must be equal to one of the allowed values/,
    ],
    [
      "create with a string",
      () => createPetstoreStore().create("Rex" as unknown as NewPet),
      /store.create needs a NewPet .*got "Rex"/,
    ],
    [
      "create with an empty idempotency key",
      () => createPetstoreStore().create({ name: "A", categoryId: 1 }, { scope: "s", key: "" }),
      /idempotency must be \{ scope: string, key: non-empty string \}/,
    ],
    [
      "get with a string id",
      () => createPetstoreStore().get("1" as unknown as number),
      /store.get needs an integer id, got "1"/,
    ],
    [
      "list with a limit under the contract's minimum",
      () => createPetstoreStore().list({ limit: limitSchema.minimum - 1 }),
      new RegExp(
        `limit must be an integer from ${limitSchema.minimum} to ${limitSchema.maximum}, got ${limitSchema.minimum - 1}`,
      ),
    ],
    [
      "list with an unknown status",
      () => createPetstoreStore().list({ status: "lost" as "sold" }),
      /status must be one of available, pending, sold, got "lost"/,
    ],
  ])("refuses %s with a clear error", (_case, call, message) => {
    expect(call).toThrow(message);
    expect(call).toThrow(/^\[@petstore\/mock\] /);
  });
});

describe("handlers.store with the SDK", () => {
  const handlers = createPetstoreHandlers({ pets: seed });
  useMockServer(handlers);

  const client = () =>
    createPetstoreClient({ apiKey: "test-key", environment: "staging", maxRetries: 0, onDeprecation: false });

  it("shows what the SDK created, and what the test put in is what the SDK reads", async () => {
    const created = await client().pets.create({ name: "Zed", categoryId: 3 });
    expect(handlers.store.get(created.id)).toEqual(created);
    const { pet } = handlers.store.create({ name: "Kit", categoryId: 4, status: "available" });
    expect(await client().pets.list({ status: "available" })).toEqual([sorted[0], sorted[2], pet]);
  });

  it("starts every test from the seed after reset()", async () => {
    expect(await client().pets.list()).toEqual(sorted);
  });

  it("replays a create sent twice with one Idempotency-Key, and refuses the key with another body", async () => {
    const petstore = client();
    const first = await petstore.pets.create({ name: "Zed", categoryId: 3 }, { idempotencyKey: "order-1" });
    const raw = createPetstoreRawClient({
      apiKey: "test-key",
      environment: "staging",
      maxRetries: 0,
      onDeprecation: false,
    });
    const again = await raw.POST("/pets", {
      body: { name: "Zed", categoryId: 3 },
      params: { header: { "Idempotency-Key": "order-1" } },
    });
    expect(again.data).toEqual(first);
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect(handlers.store.all()).toHaveLength(seed.length + 1);

    const conflict = await petstore.pets
      .create({ name: "Other", categoryId: 3 }, { idempotencyKey: "order-1" })
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(BadRequestError);
    expect(conflict).toMatchObject({
      status: 400,
      code: "invalid_request",
      message: expect.stringContaining("already used with a different body"),
    });
  });

  it("keeps idempotency keys of different API keys apart", async () => {
    const other = createPetstoreClient({ apiKey: "other-key", environment: "staging", maxRetries: 0 });
    await client().pets.create({ name: "Zed", categoryId: 3 }, { idempotencyKey: "shared" });
    await other.pets.create({ name: "Other", categoryId: 3 }, { idempotencyKey: "shared" });
    expect(handlers.store.all()).toHaveLength(seed.length + 2);
  });
});
