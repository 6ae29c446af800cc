import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createPetstoreHandlers, DEFAULT_JOURNAL_SIZE, JOURNAL_BODY_BYTES, type PetstoreHandlers } from "../src/index";

const BASE = "https://api.petstore.example/v1";
const rex = { id: 1, name: "Rex", categoryId: 1, status: "available" as const };

/** Sends one request straight to the handler set, as MSW would (no interception needed). */
async function send(handlers: PetstoreHandlers, path: string, init: RequestInit = {}): Promise<number | undefined> {
  const headers = { authorization: "Bearer k", "content-type": "application/json", ...init.headers };
  const response = await getResponse(handlers, new Request(`${BASE}${path}`, { ...init, headers }));
  return response?.status;
}

describe("the journal ring", () => {
  it(`keeps ${DEFAULT_JOURNAL_SIZE} entries by default, the newest, each with its index`, async () => {
    const handlers = createPetstoreHandlers({ pets: [rex] });
    for (let n = 0; n < DEFAULT_JOURNAL_SIZE + 5; n++) await send(handlers, `/pets?limit=${(n % 100) + 1}`);
    expect(handlers.requests.length).toBe(DEFAULT_JOURNAL_SIZE);
    expect(handlers.requests.nextIndex).toBe(DEFAULT_JOURNAL_SIZE + 5);
    const all = handlers.requests.all();
    expect(all[0]?.index).toBe(5);
    expect(all.at(-1)?.index).toBe(DEFAULT_JOURNAL_SIZE + 4);
    expect(all[0]?.query).toEqual({ limit: "6" });
  });

  it("keeps journalSize entries; since(index) reads from an index on; clear() keeps counting", async () => {
    const handlers = createPetstoreHandlers({ pets: [rex], journalSize: 3 });
    for (const path of ["/pets", "/pets/1", "/pets/2", "/pets?limit=2"]) await send(handlers, path);
    expect(handlers.requests.all().map((entry) => [entry.index, entry.operationId, entry.status])).toEqual([
      [1, "getPet", 200],
      [2, "getPet", 404],
      [3, "listPets", 200],
    ]);
    expect(handlers.requests.since(3).map((entry) => entry.index)).toEqual([3]);
    expect(handlers.requests.since(0)).toHaveLength(3);
    expect(handlers.requests.of("getPet").map((entry) => entry.params.petId)).toEqual(["1", "2"]);
    handlers.store.reset();
    expect(handlers.requests.length).toBe(0);
    await send(handlers, "/pets");
    expect(handlers.requests.all().map((entry) => entry.index)).toEqual([4]);
    expect(() => handlers.requests.since(-1)).toThrow(/requests\.since needs an entry index.*got -1/);
  });

  it("journalSize 0 keeps nothing, and the handlers answer as before", async () => {
    const handlers = createPetstoreHandlers({ journalSize: 0 });
    expect(await send(handlers, "/pets", { method: "POST", body: '{"name":"Ada","categoryId":1}' })).toBe(201);
    expect(handlers.requests.length).toBe(0);
    expect(handlers.requests.nextIndex).toBe(1);
    expect(handlers.store.all()).toHaveLength(1);
  });

  it.each([-1, 1.5, "10", null])("refuses journalSize %j, naming what it takes", (journalSize) => {
    expect(() => createPetstoreHandlers({ journalSize: journalSize as number })).toThrow(
      /\[@petstore\/mock\] journalSize must be a whole number of requests, 0 or more/,
    );
  });

  it(`keeps the first ${JOURNAL_BODY_BYTES} bytes of a body, as text, flagged bodyTruncated`, async () => {
    const handlers = createPetstoreHandlers();
    const name = "x".repeat(JOURNAL_BODY_BYTES * 2);
    expect(await send(handlers, "/pets", { method: "POST", body: JSON.stringify({ name, categoryId: "one" }) })).toBe(
      400,
    );
    await send(handlers, "/pets", { method: "POST", body: '{"name":"Ada","categoryId":1}' });
    const [long, short] = handlers.requests.of("createPet");
    expect(long?.bodyTruncated).toBe(true);
    expect(long?.body).toBe(JSON.stringify({ name, categoryId: "one" }).slice(0, JOURNAL_BODY_BYTES));
    expect(short).toMatchObject({ body: { name: "Ada", categoryId: 1 }, bodyTruncated: false });
  });
});
