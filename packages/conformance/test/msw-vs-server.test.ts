import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Target } from "../src/index";
import { compareTargets } from "../src/fuzz/differential";
import { startMswTarget } from "../src/targets/msw";
import { startReferenceServer } from "./helpers/reference-server";

// A fixed seed keeps `pnpm test` deterministic; set CONFORMANCE_SEED to explore or to replay a disagreement.
const seed = process.env.CONFORMANCE_SEED ? undefined : 20301205;

let server: Target;
let msw: Target;
beforeAll(async () => {
  server = await startReferenceServer();
  msw = await startMswTarget();
});
afterAll(async () => {
  await msw?.close();
  await server?.close();
});

describe("the MSW handlers answer like the reference server", () => {
  it("gives 2,000 generated requests the same status, body and headers as the server", {
    timeout: 120_000,
  }, async () => {
    const summary = await compareTargets(server, msw, { requests: 2000, seed, overHttp: false });
    console.log(`[@petstore/conformance] msw vs server: ${summary.compared} requests compared, seed ${summary.seed}`);
    expect(summary.compared).toBeGreaterThan(1900);
    expect(summary.disagreements.slice(0, 3)).toEqual([]);
  });
});
