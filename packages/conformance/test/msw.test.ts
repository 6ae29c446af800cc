import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMatrix, runCase, type Target } from "../src/index";
import { runFuzz } from "../src/fuzz/run";
import { mswGaps, startMswTarget } from "../src/targets/msw";

const seed = process.env.CONFORMANCE_SEED ? undefined : 20301205;

describe("@petstore/mock handlers through msw/node setupServer", () => {
  let target: Target;
  beforeAll(async () => {
    target = await startMswTarget();
  });
  afterAll(() => target.close());

  it.each(buildMatrix().map((kase) => [kase.id, kase] as const))("%s", async (_id, kase) => {
    const result = await runCase(target, kase);
    if (result.outcome === "n/a") expect(result.missing.every((capability) => capability in mswGaps)).toBe(true);
    else expect(result.problems).toEqual(result.outcome === "known-failure" ? expect.any(Array) : []);
  });

  it("answers 10,000 generated bad requests without a 5xx, with Error bodies, and stays healthy", {
    timeout: 90_000,
  }, async () => {
    const summary = await runFuzz(target, { requests: 10_000, seed });
    console.log(`[@petstore/conformance] msw fuzz seed ${summary.seed} (replay with CONFORMANCE_SEED=${summary.seed})`);
    expect(summary.failure).toBeUndefined();
    expect(summary.unhandled).toEqual([]);
    expect(summary.healthStatus).toBe(200);
  });
});
