import { afterAll, beforeAll, expect, it } from "vitest";
import type { Target } from "../src/index";
import { describeDisagreements } from "../src/fuzz/differential";
import { compareRawTargets } from "../src/fuzz/raw";
import { coverageRawRequests } from "../src/fuzz/raw-requests";
import { startReferenceServer } from "./helpers/reference-server";

let targets: Target[] = [];
beforeAll(async () => {
  targets = await Promise.all([startReferenceServer(), startReferenceServer()]);
});
afterAll(async () => {
  await Promise.all(targets.map((target) => target.close()));
});

it("reaches every layer of the server with its fixed requests, whatever the seed", async () => {
  const fixed = coverageRawRequests();
  for (const seed of [1, 2]) {
    const summary = await compareRawTargets(targets[0]!, targets[1]!, { requests: fixed.length, seed });
    expect(summary.compared).toBe(fixed.length);
    expect(Object.keys(summary.statuses).sort()).toEqual(
      ["200", "201", "400", "401", "404", "405", "413", "415", "431"].sort(),
    );
    expect(describeDisagreements(summary)).toBe("");
  }
  // Hostile heads and an over-limit length, each followed by a body over the limit, are among them.
  expect(fixed.filter((request) => request.payload.length > 1024 * 1024).length).toBeGreaterThanOrEqual(4);
});
