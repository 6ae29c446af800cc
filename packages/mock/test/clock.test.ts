import { createPetstoreRawClient } from "@petstore/client/raw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPetstoreHandlers } from "../src/index";
import { useMockServer } from "./helpers/mock-server";

const handlers = createPetstoreHandlers();
const server = useMockServer(handlers);
const HOUR = 60 * 60 * 1000;

/** POST /pets with an Idempotency-Key; the answer's status, id and Idempotent-Replayed header. */
async function create(baseUrl: string, name: string, key: string) {
  const { data, response } = await createPetstoreRawClient({ apiKey: "test-key", baseUrl, maxRetries: 0 }).POST(
    "/pets",
    {
      body: { name, categoryId: 1 },
      headers: { "Idempotency-Key": key },
    },
  );
  return { status: response.status, id: data?.id, replayed: response.headers.get("idempotent-replayed") };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the idempotency window follows the clock", () => {
  it("fake timers that replace Date move it, even for handlers created before them", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const base = "https://api.petstore.example/v1";
    expect(await create(base, "Rex", "key-1")).toEqual({ status: 201, id: 1, replayed: null });
    vi.setSystemTime(Date.now() + 23 * HOUR);
    expect(await create(base, "Rex", "key-1")).toEqual({ status: 201, id: 1, replayed: "true" });
    vi.setSystemTime(Date.now() + 2 * HOUR);
    expect(await create(base, "Rex", "key-1")).toEqual({ status: 201, id: 2, replayed: null });
  });

  it("the now option drives it", async () => {
    let now = 0;
    const timed = createPetstoreHandlers({ now: () => now, baseUrls: ["http://clock.test/v1"] });
    server.use(...timed);
    expect((await create("http://clock.test/v1", "Rex", "k")).replayed).toBeNull();
    now = 24 * HOUR - 1;
    expect((await create("http://clock.test/v1", "Rex", "k")).replayed).toBe("true");
    now = 24 * HOUR + 1;
    expect(await create("http://clock.test/v1", "Rex", "k")).toEqual({ status: 201, id: 2, replayed: null });
  });

  it("refuses a now that is not a function", () => {
    expect(() => createPetstoreHandlers({ now: 5 as unknown as () => number })).toThrow(
      /^\[@petstore\/mock\] now must be a function returning epoch milliseconds/,
    );
  });
});
