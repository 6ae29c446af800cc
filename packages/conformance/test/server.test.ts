import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMatrix, runCase, type Target } from "../src/index";
import { startReferenceServer } from "./helpers/reference-server";

let target: Target;
beforeAll(async () => {
  target = await startReferenceServer();
});
afterAll(() => target.close());

describe("reference server over HTTP", () => {
  it.each(buildMatrix().map((kase) => [kase.id, kase] as const))("%s", async (_id, kase) => {
    const result = await runCase(target, kase);
    expect(result.problems).toEqual(result.outcome === "known-failure" ? expect.any(Array) : []);
    expect(result.outcome).not.toBe("n/a");
  });
});
