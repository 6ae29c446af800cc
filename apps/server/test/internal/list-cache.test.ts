import { describe, expect, it } from "vitest";
import { LIST_CACHE_SIZE, ListCache } from "../../src/internal/list-cache";

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

  it(`keeps at most ${LIST_CACHE_SIZE} queries, dropping the oldest first`, () => {
    const cache = new ListCache();
    for (let limit = 1; limit <= LIST_CACHE_SIZE + 1; limit++) cache.set(String(limit), 0, body(String(limit)));
    expect(cache.get("1", 0)).toBeUndefined();
    expect(cache.get("2", 0)?.toString()).toBe("2");
    expect(cache.get(String(LIST_CACHE_SIZE + 1), 0)?.toString()).toBe(String(LIST_CACHE_SIZE + 1));
  });
});
