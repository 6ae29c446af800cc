import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createPetstoreHandlers, type PetstoreHandlers } from "../../src/index";

// The bounds the README states (## The request journal): what a handler set holds after many requests.
const MiB = 1024 * 1024;
const BOUND_100K_REQUESTS = 8 * MiB;
const BOUND_LARGE_BODIES = 16 * MiB;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/**
 * Heap and array buffers in use after full collections: what the process holds, without garbage. The pauses let
 * finalization callbacks run (undici drops each request's abort listener in one), which frees what they held.
 */
async function heldBytes(): Promise<number> {
  for (let round = 0; round < 4; round++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

const BASE = "https://api.petstore.example/v1";
const headers = { authorization: "Bearer k", "content-type": "application/json" };

async function growthOver(count: number, request: (n: number) => Request): Promise<number> {
  const handlers: PetstoreHandlers = createPetstoreHandlers({
    pets: [{ id: 1, name: "Rex", categoryId: 1, status: "available" }],
  });
  // Warm up once, so code compiled on the first requests is not counted as the journal's.
  for (let n = 0; n < 200; n++) await getResponse(handlers, request(n));
  handlers.store.reset();
  const before = await heldBytes();
  for (let n = 0; n < count; n++) await getResponse(handlers, request(n));
  expect(handlers.requests.nextIndex).toBe(200 + count);
  return (await heldBytes()) - before;
}

describe("memory stays bounded", () => {
  it(`100,000 requests: the set holds less than ${BOUND_100K_REQUESTS / MiB} MiB more`, {
    // 100,000 requests through the whole pipeline: 72 s measured on this 2-core machine while other suites ran.
    timeout: 300_000,
  }, async () => {
    const growth = await growthOver(100_000, (n) =>
      n % 2 === 0
        ? new Request(`${BASE}/pets/1`, { headers })
        : new Request(`${BASE}/pets?limit=${(n % 100) + 1}`, { headers }),
    );
    expect(growth).toBeLessThan(BOUND_100K_REQUESTS);
  });

  it(`100 creates with 1 MiB bodies: the set holds less than ${BOUND_LARGE_BODIES / MiB} MiB more`, {
    timeout: 120_000,
  }, async () => {
    // A name of almost 1 MiB and a bad categoryId: each is answered 400 and journaled, 16 KiB of its body kept.
    const body = JSON.stringify({ name: "x".repeat(MiB - 100), categoryId: "one" });
    const growth = await growthOver(100, () => new Request(`${BASE}/pets`, { method: "POST", headers, body }));
    expect(growth).toBeLessThan(BOUND_LARGE_BODIES);
  });
});
