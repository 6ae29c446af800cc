import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMatrix, runCase, type Target } from "../src/index";
import { prismGaps, startPrismTarget } from "../src/targets/prism";

let target: Target;
beforeAll(async () => {
  target = await startPrismTarget();
});
afterAll(() => target.close());

describe("Prism mock (stateless subset)", () => {
  it.each(buildMatrix().map((kase) => [kase.id, kase] as const))("%s", async (_id, kase) => {
    const result = await runCase(target, kase);
    if (result.outcome === "n/a") {
      // Not applicable only for a declared gap, never silently.
      expect(result.missing.every((capability) => capability in prismGaps)).toBe(true);
    } else {
      expect(result.problems).toEqual([]);
    }
  });
});
