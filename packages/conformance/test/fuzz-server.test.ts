import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Target } from "../src/index";
import { runFuzz } from "../src/fuzz/run";
import { startReferenceServer } from "./helpers/reference-server";

// A fixed seed keeps `pnpm test` deterministic; set CONFORMANCE_SEED to explore or to replay a failure.
const seed = process.env.CONFORMANCE_SEED ? undefined : 20301205;

let target: Target;
beforeAll(async () => {
  target = await startReferenceServer();
});
afterAll(() => target.close());

describe("negative fuzzing of the reference server", () => {
  it("answers 10,000 generated bad requests without a 5xx, with Error bodies, and stays healthy", {
    timeout: 90_000,
  }, async () => {
    const summary = await runFuzz(target, { requests: 10_000, seed });
    console.log(
      `[@petstore/conformance] server fuzz seed ${summary.seed} (replay with CONFORMANCE_SEED=${summary.seed}): ${JSON.stringify(summary.statuses)}`,
    );
    expect(summary.failure).toBeUndefined();
    expect(summary.unhandled).toEqual([]);
    expect(summary.requests).toBeGreaterThanOrEqual(10_000);
    expect(summary.healthStatus).toBe(200);
  });
});
