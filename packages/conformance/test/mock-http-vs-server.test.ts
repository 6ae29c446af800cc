import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Target } from "../src/index";
import { compareTargets } from "../src/fuzz/differential";
import { rawRequestArbitrary, sendRaw } from "../src/fuzz/raw";
import { startMockHttpTarget } from "../src/targets/mock-http";
import { startReferenceServer } from "./helpers/reference-server";

// A fixed seed keeps `pnpm test` deterministic; set CONFORMANCE_SEED to explore or to replay a disagreement.
const seed = process.env.CONFORMANCE_SEED ? Number(process.env.CONFORMANCE_SEED) : 20_261_127;

let server: Target;
let mock: Target;
beforeAll(async () => {
  server = await startReferenceServer();
  mock = await startMockHttpTarget();
});
afterAll(async () => {
  await mock?.close();
  await server?.close();
});

describe("@petstore/mock/http answers like the reference server, over real HTTP", () => {
  it("gives 1,500 generated fetch requests the same status, body and headers", { timeout: 240_000 }, async () => {
    const summary = await compareTargets(server, mock, { requests: 1500, seed });
    expect(summary.compared).toBe(1500);
    expect(summary.disagreements.slice(0, 3)).toEqual([]);
  });

  it("gives 600 generated raw-socket requests (bad methods, framing, header floods) the same answers", {
    timeout: 240_000,
  }, async () => {
    const requests = fc.sample(rawRequestArbitrary(), { numRuns: 600, seed });
    const disagreements = [];
    const statuses = new Set<number>();
    for (const request of requests) {
      const expected = await sendRaw(server.baseUrl, server.apiKey, request);
      statuses.add(expected.status);
      const actual = await sendRaw(mock.baseUrl, mock.apiKey, request);
      if (JSON.stringify(expected) !== JSON.stringify(actual)) disagreements.push({ request, expected, actual });
    }
    expect(requests).toHaveLength(600);
    // The requests reach every layer: the parser (400, 431), authentication (401), routing (404, 405).
    for (const status of [400, 401, 404, 405, 431]) expect(statuses).toContain(status);
    expect(disagreements.slice(0, 3)).toEqual([]);
  });
});
