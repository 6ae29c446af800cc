import { createPetstoreClient } from "@petstore/client";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPetstoreHandlers } from "../src/index";

// One server with no handlers of its own; each test adds its own handler set inside server.boundary, so its store,
// journal and scenarios are invisible to the tests running at the same time.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

/** Two creates around a pause, so the three tests below interleave their requests. */
async function createTwo(name: string): Promise<string[]> {
  const handlers = createPetstoreHandlers({ latency: 20 });
  server.use(...handlers);
  const petstore = createPetstoreClient({ apiKey: "test-key" });
  await petstore.pets.create({ name: `${name} 1`, categoryId: 1 });
  await new Promise((resolve) => setTimeout(resolve, 30));
  await petstore.pets.create({ name: `${name} 2`, categoryId: 1 });
  expect(handlers.requests.of("createPet")).toHaveLength(2);
  return (await petstore.pets.list()).map((pet) => `${pet.id} ${pet.name}`);
}

describe("a handler set per test with server.boundary", () => {
  for (const name of ["Ada", "Bob", "Cy"]) {
    it.concurrent(
      `${name}: sees only its own pets`,
      server.boundary(async () => {
        expect(await createTwo(name)).toEqual([`1 ${name} 1`, `2 ${name} 2`]);
      }),
    );
  }
});

describe("without a boundary the store is shared", () => {
  it("three concurrent runs see each other's pets (why the boundary is needed)", async () => {
    const shared = createPetstoreHandlers({ latency: 20 });
    server.use(...shared);
    const petstore = createPetstoreClient({ apiKey: "test-key" });
    await Promise.all(["Ada", "Bob", "Cy"].map((name) => petstore.pets.create({ name, categoryId: 1 })));
    expect(await petstore.pets.list()).toHaveLength(3);
    server.resetHandlers();
  });
});
