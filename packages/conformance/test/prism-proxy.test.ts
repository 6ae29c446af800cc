import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMatrix, runCase, type Target } from "../src/index";
import { startPrismProxyTarget } from "../src/targets/prism-proxy";
import { startReferenceServer } from "./helpers/reference-server";

const cases = buildMatrix();

describe.each([
  ["prism proxy --errors in front of the reference server", true],
  ["prism proxy (forwarding every request) in front of the reference server", false],
])("%s", (_name, errors) => {
  let target: Target;
  beforeAll(async () => {
    target = await startPrismProxyTarget({ errors, upstream: startReferenceServer });
  });
  afterAll(() => target.close());

  it.each(cases.map((kase) => [kase.id, kase] as const))("%s: no contract violation", async (_id, kase) => {
    const result = await runCase(target, kase);
    if (result.outcome === "n/a")
      expect(result.missing.every((capability) => capability in (target.gaps ?? {}))).toBe(true);
    else expect(result.problems).toEqual(result.outcome === "known-failure" ? expect.any(Array) : []);
  });
});
