import { describe, expect, it } from "vitest";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createInProcessCases, runSdkInProcess, signalReadingFetch } from "../src/benchmarks/sdk-in-process";
import { createLoopbackCases, runSdkLoopback } from "../src/benchmarks/sdk-loopback";
import { jsonBytes, makePets } from "../src/fixtures";
import { startFixedBytesServer } from "../src/internal/fixed-bytes-server";

describe("benchmark 1: SDK in process", () => {
  it("the SDK, bare openapi-fetch and plain fetch return the same pets from the injected fetch", async () => {
    const cases = createInProcessCases(jsonBytes(makePets(20)));
    const expected = makePets(20);
    expect(await cases.sdk()).toEqual(expected);
    expect(await cases.openapiFetch()).toEqual(expected);
    expect(await cases.plainFetch()).toEqual(expected);
    // The injected fetch builds a new Response per call, so repeated calls keep working.
    expect(await cases.sdk()).toEqual(expected);
  });

  it("the injected fetch reads the signal as a real fetch does: an aborted request is refused", async () => {
    const fetch = signalReadingFetch(jsonBytes([]));
    const reason = new Error("stopped");
    await expect(fetch("http://127.0.0.1:9/", { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    await expect(fetch(new Request("http://127.0.0.1:9/", { signal: AbortSignal.abort(reason) }))).rejects.toBe(reason);
    expect((await fetch("http://127.0.0.1:9/")).status).toBe(200);
  });

  it("reports ops/s for every case and checks the 1.0× target on a tiny run", async () => {
    const result = await runSdkInProcess({ scale: "quick" });
    expect(result.tables[0]!.rows).toHaveLength(3);
    expect(result.targets).toEqual([expect.objectContaining({ limit: 1, kind: "min" })]);
    expect(result.targets[0]!.measured).toBeGreaterThan(0);
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

  it("the floor's timeout is real: an attempt against a server that never answers is aborted", async () => {
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const cases = createLoopbackCases(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, 100);
      await expect(cases.rawFetchWithTimeout()).rejects.toMatchObject({ name: "TimeoutError" });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("reports median and p99 for sequential and concurrent calls, each against the floor, on a tiny run", async () => {
    const result = await runSdkLoopback({ scale: "quick" });
    expect(result.tables.map((table) => table.rows.length)).toEqual([3, 3]);
    expect(result.targets.map((target) => [target.name.split(" ")[1], target.limit])).toEqual([
      ["median", 1.05],
      ["p99", 1.05],
      ["median", 1.05],
      ["p99", 1.05],
    ]);
    expect(result.targets.every((target) => target.measured! > 0)).toBe(true);
  });
});
