import { describe, expect, it } from "vitest";
import { createInProcessCases, runSdkInProcess } from "../src/benchmarks/sdk-in-process";
import { createLoopbackCases, runSdkLoopback } from "../src/benchmarks/sdk-loopback";
import { jsonBytes, makePets } from "../src/fixtures";
import { startFixedBytesServer } from "../src/internal/fixed-bytes-server";

describe("benchmark 1: SDK in process", () => {
  it("the SDK, bare openapi-fetch and plain fetch return the same pets from the injected fetch", async () => {
    const cases = createInProcessCases(jsonBytes(makePets(20)));
    const expected = makePets(20);
    expect(await cases.sdk()).toEqual(expected);
    expect(await cases.sdkSignalRead()).toEqual(expected);
    expect(await cases.openapiFetch()).toEqual(expected);
    expect(await cases.plainFetch()).toEqual(expected);
    // The injected fetch builds a new Response per call, so repeated calls keep working.
    expect(await cases.sdk()).toEqual(expected);
  });

  it("reports ops/s for every case and checks the 0.85× target on a tiny run", async () => {
    const result = await runSdkInProcess({ scale: "quick" });
    expect(result.tables[0]!.rows).toHaveLength(4);
    expect(result.targets).toEqual([expect.objectContaining({ limit: 0.85, kind: "min" })]);
    expect(Number.isFinite(result.targets[0]!.measured) && result.targets[0]!.measured > 0).toBe(true);
  });
});

describe("benchmark 2: SDK over loopback", () => {
  it("the SDK and raw fetch return the same pets from the fixed-bytes server", async () => {
    const { server, port } = await startFixedBytesServer(jsonBytes(makePets(20)));
    try {
      const cases = createLoopbackCases(`http://127.0.0.1:${port}/v1`);
      expect(await cases.sdk()).toEqual(makePets(20));
      expect(await cases.rawFetch()).toEqual(makePets(20));
      expect(await cases.rawFetchWithTimeout()).toEqual(makePets(20));
    } finally {
      server.close();
    }
  });

  it("reports median and p99 for sequential and concurrent calls on a tiny run", async () => {
    const result = await runSdkLoopback({ scale: "quick" });
    expect(result.tables.map((table) => table.rows.length)).toEqual([3, 3]);
    expect(result.targets.map((target) => target.limit)).toEqual([1.1, 1.1]);
  });
});
