import { describe, expect, it } from "vitest";
import { createMemoryStore, startServer, StoreUnavailableError, type PetStore } from "../../src/index";
import { call, createPet, useServer } from "../helpers/server";

/** A memory store whose readiness and writes the test switches off, as a lost database does. */
function switchableStore(): PetStore & { down: boolean } {
  // Every other method as is (the server's memory store is a plain object), so a method added to PetStore needs no
  // edit; without `revision`, as before.
  const { revision: _revision, ...inner } = createMemoryStore();
  const store: PetStore & { down: boolean } = {
    ...inner,
    down: false,
    ready: async () => !store.down,
    create: (pet, key) =>
      store.down
        ? Promise.reject(new StoreUnavailableError("[@petstore/server] PostgreSQL is unavailable: test"))
        : inner.create(pet, key),
  };
  return store;
}

const plain = useServer();
const store = switchableStore();
const switchable = useServer({ store });

describe("health and readiness", () => {
  it.each(["/healthz", "/readyz", "/healthz?probe=1", "/readyz?probe=1"])(
    "GET %s needs no key, and HEAD answers the same without a body",
    async (path) => {
      const get = await call(plain.current, path, { headers: { authorization: "" } });
      expect(get.status).toBe(200);
      expect(get.body).toEqual(path.startsWith("/healthz") ? { status: "ok" } : { status: "ready" });
      const head = await fetch(plain.current.url + path, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
      for (const header of ["content-type", "content-length"])
        expect(head.headers.get(header)).toBe(get.headers.get(header));
      expect(head.headers.get("x-request-id")).toMatch(/^req_/);
    },
  );

  it("/readyz and creates answer 503 service_unavailable with Retry-After while the store is unusable, and recover", async () => {
    store.down = true;
    try {
      for (const answer of [
        await call(switchable.current, "/readyz"),
        await createPet(switchable.current, { name: "Rex", categoryId: 1 }),
      ]) {
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({ code: "service_unavailable", status: 503 });
        expect(answer.body.message).toMatch(
          /^The pet store's storage is unavailable right now\. Retry in 2 seconds; quote request id req_\w+ if it persists\.$/,
        );
        expect(answer.headers.get("retry-after")).toBe("2");
      }
      const head = await fetch(`${switchable.current.url}/readyz`, { method: "HEAD" });
      expect([head.status, await head.text()]).toEqual([503, ""]);
      // The process stays up: /healthz is about the process, not the store.
      expect((await call(switchable.current, "/healthz")).status).toBe(200);
    } finally {
      store.down = false;
    }
    expect((await call(switchable.current, "/readyz")).status).toBe(200);
    expect((await createPet(switchable.current, { name: "Rex", categoryId: 1 })).status).toBe(201);
  });

  it("a store without ready() is always ready", async () => {
    const { ready: _ready, ...bare } = switchableStore();
    const server = await startServer({ apiKeys: ["k"], store: bare });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
