import { describe, expect, it } from "vitest";
import { LIST_CACHE_BYTES, ListCache } from "../../src/internal/list-cache";

const body = (text: string) => Buffer.from(text);

describe("ListCache", () => {
  it("returns a body only for the revision it was stored at", () => {
    const cache = new ListCache();
    cache.set("20", 3, body("[1,2,3]"));
    expect(cache.get("20", 3)?.toString()).toBe("[1,2,3]");
    expect(cache.get("20", 4)).toBeUndefined();
    expect(cache.get("20:sold", 3)).toBeUndefined();
    cache.set("20", 4, body("[1,2,3,4]"));
    expect(cache.get("20", 4)?.toString()).toBe("[1,2,3,4]");
    expect(cache.get("20", 3)).toBeUndefined();
  });

  it("drops every answer of an older revision once a newer one is stored, and never stores a stale one", () => {
    const cache = new ListCache();
    for (let limit = 1; limit <= 50; limit++) cache.set(String(limit), 1, body("x".repeat(1000)));
    expect(cache.bytes).toBe(50_000);
    cache.set("20", 2, body("[]"));
    expect(cache.bytes).toBe(2);
    cache.set("21", 1, body("stale"));
    expect(cache.get("21", 1)).toBeUndefined();
    expect(cache.bytes).toBe(2);
  });

  it(`holds at most ${LIST_CACHE_BYTES} bytes, dropping the oldest first, and never an answer over a quarter of that`, () => {
    const cache = new ListCache();
    const quarter = LIST_CACHE_BYTES / 4;
    cache.set("huge", 0, Buffer.alloc(quarter + 1));
    expect(cache.get("huge", 0)).toBeUndefined();
    for (let limit = 1; limit <= 6; limit++) {
      cache.set(String(limit), 0, Buffer.alloc(quarter));
      expect(cache.bytes).toBeLessThanOrEqual(LIST_CACHE_BYTES);
    }
    expect([1, 2, 3, 4, 5, 6].map((limit) => cache.get(String(limit), 0) !== undefined)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    cache.set("3", 0, body("small")); // replacing an entry frees its bytes
    expect(cache.bytes).toBe(3 * quarter + 5);
  });
});
