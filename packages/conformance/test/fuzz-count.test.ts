import { afterAll, beforeAll, expect, it } from "vitest";
import type { Target } from "../src/index";
import { runFuzz } from "../src/fuzz/run";
import { startReferenceServer } from "./helpers/reference-server";

let target: Target;
beforeAll(async () => {
  target = await startReferenceServer();
});
afterAll(() => target.close());

it("sends exactly the number of requests asked for, even when it is not a multiple of the batch size", async () => {
  const summary = await runFuzz(target, { requests: 73, seed: 20301205 });
  expect(summary.failure).toBeUndefined();
  expect(summary.requests).toBe(73);
  expect(Object.values(summary.statuses).reduce((sum, count) => sum + count, 0)).toBe(73);
});
