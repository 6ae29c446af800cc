import { describe, expect, it } from "vitest";
import { expectError } from "../helpers/contract";
import { call, createPet, OTHER_KEY, useServer } from "../helpers/server";

const server = useServer();

describe("Idempotency-Key on POST /v1/pets", () => {
  it("replays the first 201 byte for byte for the same key and body", async () => {
    const body = { name: "Rex", categoryId: 1, status: "available" };
    const first = await createPet(server.current, body, { "idempotency-key": "key-replay" });
    const second = await createPet(server.current, body, { "idempotency-key": "key-replay" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const all = (await call(server.current, "/v1/pets?limit=100")).body as { id: number }[];
    expect(all.filter((pet) => pet.id === first.body.id)).toHaveLength(1);
  });

  it("treats bodies that differ only in ignored fields as the same body", async () => {
    const first = await createPet(server.current, { name: "Tom", categoryId: 2 }, { "idempotency-key": "key-ignored" });
    const second = await createPet(
      server.current,
      { categoryId: 2, name: "Tom", id: 5, extra: true },
      { "idempotency-key": "key-ignored" },
    );
    expect(second.text).toBe(first.text);
  });

  it("answers 400 for the same key with a different body", async () => {
    await createPet(server.current, { name: "Rex", categoryId: 1 }, { "idempotency-key": "key-conflict" });
    const response = await createPet(
      server.current,
      { name: "Max", categoryId: 1 },
      { "idempotency-key": "key-conflict" },
    );
    expect(response.status).toBe(400);
    expectError(400, response.body, "invalid_request");
    expect(response.body.message).toContain("Idempotency-Key");
  });

  it("creates exactly one pet for 25 concurrent duplicates", async () => {
    const before = (await call(server.current, "/v1/pets?limit=100")).body.length;
    const responses = await Promise.all(
      Array.from({ length: 25 }, () =>
        createPet(server.current, { name: "Once", categoryId: 9 }, { "idempotency-key": "key-concurrent" }),
      ),
    );
    expect(new Set(responses.map((response) => response.text)).size).toBe(1);
    expect(responses.every((response) => response.status === 201)).toBe(true);
    expect((await call(server.current, "/v1/pets?limit=100")).body.length).toBe(before + 1);
  });

  it("settles a burst of one key with two bodies, among creates without keys: one pet, its body replays, the other 400", async () => {
    const before = (await call(server.current, "/v1/pets?limit=100")).body.length;
    const bodies = [
      { name: "First", categoryId: 1 },
      { name: "Second", categoryId: 1 },
    ];
    const [keyed, free] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          createPet(server.current, bodies[i % 2], { "idempotency-key": "key-burst" }).then((response) => ({
            sent: bodies[i % 2]!.name,
            response,
          })),
        ),
      ),
      Promise.all(Array.from({ length: 10 }, () => createPet(server.current, bodies[0]))),
    ]);
    const created = keyed.filter(({ response }) => response.status === 201);
    expect(new Set(created.map(({ response }) => response.text)).size, "one pet for the key").toBe(1);
    const winner = created[0]!.response.body as { name: string };
    expect(created.every(({ sent }) => sent === winner.name)).toBe(true);
    expect(created.filter(({ response }) => response.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    const refused = keyed.filter(({ response }) => response.status !== 201);
    expect(refused.map(({ response }) => response.status)).toEqual(Array(10).fill(400));
    expect(refused.every(({ sent }) => sent !== winner.name)).toBe(true);
    expect(new Set(free.map((response) => response.body.id)).size).toBe(10);
    expect((await call(server.current, "/v1/pets?limit=100")).body.length).toBe(before + 11);
  });

  it("keeps keys apart per API key", async () => {
    const mine = await createPet(server.current, { name: "Rex", categoryId: 1 }, { "idempotency-key": "key-shared" });
    const theirs = await createPet(
      server.current,
      { name: "Rex", categoryId: 1 },
      { "idempotency-key": "key-shared", authorization: `Bearer ${OTHER_KEY}` },
    );
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    const theirsConflict = await createPet(
      server.current,
      { name: "Other", categoryId: 1 },
      { "idempotency-key": "key-shared", authorization: `Bearer ${OTHER_KEY}` },
    );
    expect(theirsConflict.status).toBe(400);
  });

  it("creates a new pet for each request without a key", async () => {
    const first = await createPet(server.current, { name: "Twin", categoryId: 1 });
    const second = await createPet(server.current, { name: "Twin", categoryId: 1 });
    expect(second.body.id).not.toBe(first.body.id);
  });

  it.each([
    ["an empty key", ""],
    ["a 256-character key", "k".repeat(256)],
  ])("answers 400 for %s", async (_label, key) => {
    // An empty header must be sent explicitly, so use fetch directly.
    const response = await fetch(`${server.current.baseUrl}/pets`, {
      method: "POST",
      headers: { authorization: "Bearer sk_test_primary", "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ name: "Rex", categoryId: 1 }),
    });
    const body = await response.json();
    expect(response.status).toBe(400);
    expectError(400, body, "invalid_request");
    expect(body.message).toContain("Idempotency-Key");
  });
});
