import type { NewPet } from "@petstore/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type CreateResult,
  IDEMPOTENCY_TTL_MS,
  IdempotencyConflictError,
  type SqlPetStore,
  type SqlStoreOptions as StoreOptions,
} from "../../src/index";

/**
 * How the suite gets stores: `fresh` gives an empty one; `reopen` (persistent stores only) reopens the same data;
 * `countKeys` reads how many idempotency rows the last store's database holds, from outside the store.
 */
export interface StoreHarness {
  fresh(options?: StoreOptions): Promise<SqlPetStore>;
  reopen?(options?: StoreOptions): Promise<SqlPetStore>;
  countKeys?(): Promise<number>;
}

const rex: NewPet = { name: "Rex", categoryId: 1, status: "available" };
const key = (k: string, fingerprint = "f1", scope = "scope-a") => ({ scope, key: k, fingerprint });

/** The behaviour every PetStore must have; memory, file and PostgreSQL stores all run it. */
export function describeStoreContract(name: string, harness: StoreHarness): void {
  describe(`${name} store`, () => {
    const open: SqlPetStore[] = [];
    const fresh = async (options?: StoreOptions) => {
      const store = await harness.fresh(options);
      open.push(store);
      return store;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((store) => store.close()));
    });

    it("assigns ids 1, 2, 3… and returns pets with exactly the given fields", async () => {
      const store = await fresh();
      const a = await store.create(rex);
      const b = await store.create({ name: "Tom", categoryId: 2 });
      expect(a).toEqual({ pet: { id: 1, ...rex }, replayed: false });
      expect(b.pet).toEqual({ id: 2, name: "Tom", categoryId: 2 });
      expect(Object.keys(b.pet)).toEqual(["id", "name", "categoryId"]);
      expect(await store.get(2)).toEqual(b.pet);
      expect(await store.get(3)).toBeUndefined();
    });

    it("keeps names with any unicode, including U+0000 and emoji", async () => {
      const store = await fresh();
      for (const name of ["nul\u0000byte", "🐕 Rex", "名前", "x".repeat(5000)]) {
        const { pet } = await store.create({ name, categoryId: 1 });
        expect((await store.get(pet.id))?.name).toBe(name);
      }
    });

    it("lists in ascending id order with limit and status filter", async () => {
      const store = await fresh();
      const statuses = ["available", "pending", "sold", undefined] as const;
      for (let i = 0; i < 30; i++) {
        const status = statuses[i % 4];
        await store.create({ name: `p${i}`, categoryId: i, ...(status ? { status } : {}) });
      }
      const all = await store.list({ limit: 100 });
      expect(all.map((pet) => pet.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(await store.list({ limit: 5 })).toEqual(all.slice(0, 5));
      expect(await store.list({ limit: 3, status: "sold" })).toEqual(
        all.filter((pet) => pet.status === "sold").slice(0, 3),
      );
      expect((await store.list({ limit: 100, status: "pending" })).every((pet) => pet.status === "pending")).toBe(true);
    });

    it("replays the same pet for the same key and fingerprint, and rejects another fingerprint", async () => {
      const store = await fresh();
      const first = await store.create(rex, key("k1"));
      const again = await store.create(rex, key("k1"));
      expect(again).toEqual({ pet: first.pet, replayed: true });
      await expect(store.create({ ...rex, name: "Max" }, key("k1", "f2"))).rejects.toBeInstanceOf(
        IdempotencyConflictError,
      );
      expect(await store.list({ limit: 100 })).toHaveLength(1);
    });

    it("keeps idempotency keys apart per scope", async () => {
      const store = await fresh();
      const a = await store.create(rex, key("same", "f1", "scope-a"));
      const b = await store.create(rex, key("same", "f1", "scope-b"));
      expect(b.replayed).toBe(false);
      expect(b.pet.id).not.toBe(a.pet.id);
    });

    it("creates exactly one pet for 20 concurrent creates with one key", async () => {
      const store = await fresh();
      const results = await Promise.all(Array.from({ length: 20 }, () => store.create(rex, key("race"))));
      expect(new Set(results.map((r) => r.pet.id)).size).toBe(1);
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      expect(await store.list({ limit: 100 })).toHaveLength(1);
    });

    // Creates called in one event-loop turn share one transaction: these run as one batch.
    it("settles the creates of one batch as if one ran after another: replays, conflicts and new pets", async () => {
      const store = await fresh();
      const existing = await store.create(rex, key("existing"));
      const max = { ...rex, name: "Max" };
      const settled = await Promise.allSettled([
        store.create(rex, key("dup")),
        store.create(rex, key("dup")),
        store.create(max, key("dup", "f2")),
        store.create(rex, key("existing")),
        store.create(max, key("existing", "f2")),
        store.create({ name: "Free", categoryId: 2 }),
        store.create({ name: "Free", categoryId: 2 }),
        store.create(rex, key("dup", "f1", "scope-b")),
      ]);
      const [dup, dupAgain, dupConflict, replay, conflict, free, freeAgain, otherScope] = settled.map((result) =>
        result.status === "fulfilled" ? result.value : result.reason,
      );
      expect(dup).toEqual({ pet: { id: expect.any(Number), ...rex }, replayed: false });
      expect(dupAgain).toEqual({ pet: dup.pet, replayed: true });
      expect(dupConflict).toBeInstanceOf(IdempotencyConflictError);
      expect(replay).toEqual({ pet: existing.pet, replayed: true });
      expect(conflict).toBeInstanceOf(IdempotencyConflictError);
      expect(free).toEqual({ pet: { id: expect.any(Number), name: "Free", categoryId: 2 }, replayed: false });
      expect(freeAgain.pet.id).not.toBe(free.pet.id);
      expect(otherScope).toEqual({ pet: { id: expect.any(Number), ...rex }, replayed: false });
      const ids = [existing, dup, free, freeAgain, otherScope].map((result) => result.pet.id);
      expect(new Set(ids).size).toBe(5);
      expect((await store.list({ limit: 100 })).map((pet) => pet.id)).toEqual([...ids].sort((a, b) => a - b));
      expect(await store.create(rex, key("dup"))).toEqual({ pet: dup.pet, replayed: true });
    });

    it("lets the first create of a key in a batch decide: a conflict there leaves the key's pet as it was", async () => {
      const store = await fresh();
      const first = await store.create(rex, key("k"));
      const settled = await Promise.allSettled([
        store.create({ ...rex, name: "Max" }, key("k", "f2")),
        store.create(rex, key("k")),
      ]);
      expect(settled[0]).toMatchObject({ status: "rejected", reason: expect.any(IdempotencyConflictError) });
      expect(settled[1]).toEqual({ status: "fulfilled", value: { pet: first.pet, replayed: true } });
      expect(await store.list({ limit: 100 })).toEqual([first.pet]);
    });

    it("gives every create of a batch larger than one statement's rows its own pet, alike bodies included", async () => {
      const store = await fresh();
      const statuses = ["available", "pending", "sold", undefined] as const;
      const inputs = Array.from({ length: 150 }, (_, i): NewPet => {
        const status = statuses[i % 4];
        return { name: i % 3 === 0 ? "Alike" : `p${i % 7}`, categoryId: i % 5, ...(status ? { status } : {}) };
      });
      const keyOf = (i: number) => (i % 2 === 0 ? key(`many-${i}`) : undefined);
      const results = await Promise.all(inputs.map((input, i) => store.create(input, keyOf(i))));
      expect(results).toEqual(
        inputs.map((input, i) => ({ pet: { id: results[i]!.pet.id, ...input }, replayed: false })),
      );
      expect(new Set(results.map((result) => result.pet.id)).size).toBe(150);
      for (const result of results) expect(await store.get(result.pet.id)).toEqual(result.pet);
      const replays = await Promise.all(
        inputs.flatMap((input, i) => (keyOf(i) ? [store.create(input, keyOf(i))] : [])),
      );
      expect(replays.map((replay) => replay.pet)).toEqual(results.filter((_, i) => keyOf(i)).map((r) => r.pet));
      expect(replays.every((replay) => replay.replayed)).toBe(true);
    });

    it("gives 50 concurrent creates without keys 50 distinct ids", async () => {
      const store = await fresh();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => store.create({ name: `c${i}`, categoryId: i })),
      );
      expect(new Set(results.map((r) => r.pet.id)).size).toBe(50);
      expect((await store.list({ limit: 100 })).map((pet) => pet.id)).toEqual(
        [...results.map((r) => r.pet.id)].sort((a, b) => a - b),
      );
    });

    it("forgets a key after 24 hours", async () => {
      let now = Date.UTC(2026, 0, 1);
      const store = await fresh({ now: () => now });
      const first = await store.create(rex, key("old"));
      now += IDEMPOTENCY_TTL_MS - 1;
      expect((await store.create(rex, key("old"))).replayed).toBe(true);
      now += 1;
      const later = await store.create({ ...rex, name: "New body is fine now" }, key("old", "f2"));
      expect(later.replayed).toBe(false);
      expect(later.pet.id).not.toBe(first.pet.id);
    });

    it("takes over an expired key in a batch once: its first create makes the pet, the rest follow that one", async () => {
      let now = Date.UTC(2026, 0, 1);
      const store = await fresh({ now: () => now });
      const old = await store.create(rex, key("old"));
      now += IDEMPOTENCY_TTL_MS;
      const fresher = { ...rex, name: "Fresher" };
      const settled = await Promise.allSettled([
        store.create(fresher, key("old", "f2")),
        store.create(fresher, key("old", "f2")),
        store.create(rex, key("old")),
      ]);
      expect(settled[0]).toEqual({
        status: "fulfilled",
        value: { pet: { id: expect.any(Number), ...fresher }, replayed: false },
      });
      const taken = (settled[0] as PromiseFulfilledResult<CreateResult>).value.pet;
      expect(taken.id).not.toBe(old.pet.id);
      expect(settled[1]).toEqual({ status: "fulfilled", value: { pet: taken, replayed: true } });
      expect(settled[2]).toMatchObject({ status: "rejected", reason: expect.any(IdempotencyConflictError) });
      expect(await store.create(fresher, key("old", "f2"))).toEqual({ pet: taken, replayed: true });
    });

    if (harness.countKeys) {
      const countKeys = harness.countKeys;
      it("deletes expired idempotency keys periodically and at start (injected clock)", async () => {
        let now = Date.UTC(2026, 0, 1);
        const store = await fresh({ now: () => now, sweepIntervalMs: 20 });
        await store.create(rex, key("one"));
        await store.create(rex, key("two"));
        expect(await countKeys()).toBe(2);
        now += IDEMPOTENCY_TTL_MS - 1;
        await new Promise((resolve) => setTimeout(resolve, 60));
        expect(await countKeys(), "not expired yet").toBe(2);
        now += 1;
        await vi.waitFor(async () => expect(await countKeys()).toBe(0), { timeout: 5_000, interval: 20 });
        expect(await store.list({ limit: 10 }), "pets stay").toHaveLength(2);
        if (harness.reopen) {
          await store.create(rex, key("three"));
          await store.close();
          open.splice(open.indexOf(store), 1);
          now += IDEMPOTENCY_TTL_MS;
          // A long interval: only the sweep at start can delete it.
          open.push(await harness.reopen({ now: () => now, sweepIntervalMs: 3_600_000 }));
          await vi.waitFor(async () => expect(await countKeys()).toBe(0), { timeout: 5_000, interval: 20 });
        }
      });
    }

    if (harness.reopen) {
      const reopen = harness.reopen;
      it("keeps pets and idempotency keys across a reopen, and continues the ids", async () => {
        const store = await fresh();
        const a = await store.create(rex, key("persist"));
        await store.create({ name: "Tom", categoryId: 2 });
        await store.close();
        open.splice(open.indexOf(store), 1);
        const again = await reopen();
        open.push(again);
        expect(await again.list({ limit: 100 })).toEqual([a.pet, { id: 2, name: "Tom", categoryId: 2 }]);
        expect(await again.create(rex, key("persist"))).toEqual({ pet: a.pet, replayed: true });
        await expect(again.create({ ...rex, name: "Other" }, key("persist", "f2"))).rejects.toBeInstanceOf(
          IdempotencyConflictError,
        );
        expect((await again.create({ name: "Next", categoryId: 3 })).pet.id).toBe(3);
      });
    }
  });
}
