import { describe, expect, it } from "vitest";
import { measureLatency, measureThroughput, timeCalls } from "../src/harness";

describe("measureThroughput", () => {
  it("runs warm-up plus rounds × iterations calls of every case and reports a median per case", async () => {
    const calls = { a: 0, b: 0 };
    const result = await measureThroughput(
      { a: async () => calls.a++, b: async () => calls.b++ },
      { warmup: 3, rounds: 4, iterations: 5 },
    );
    expect(calls).toEqual({ a: 3 + 4 * 5, b: 3 + 4 * 5 });
    for (const name of ["a", "b"] as const) {
      expect(result[name].rounds).toHaveLength(4);
      expect(result[name].rounds.every((opsPerSecond) => opsPerSecond > 0)).toBe(true);
      expect(result[name].median).toBeCloseTo(
        [...result[name].rounds]
          .sort((x, y) => x - y)
          .slice(1, 3)
          .reduce((x, y) => x + y) / 2,
        3,
      );
    }
  });

  it("interleaves cases and rotates which one starts each round", async () => {
    const order: string[] = [];
    await measureThroughput(
      { a: async () => order.push("a"), b: async () => order.push("b"), c: async () => order.push("c") },
      { warmup: 0, rounds: 3, iterations: 1 },
    );
    expect(order.join("")).toBe("abc" + "bca" + "cab");
  });

  it("calls enter, untimed, before each case's warm-up and each of its rounds", async () => {
    const order: string[] = [];
    await measureThroughput(
      { a: async () => order.push("a"), b: async () => order.push("b") },
      { warmup: 1, rounds: 2, iterations: 1, enter: (name) => order.push(`enter ${name}`) },
    );
    expect(order).toEqual([
      "enter a",
      "a",
      "enter b",
      "b",
      "enter a",
      "a",
      "enter b",
      "b",
      "enter b",
      "b",
      "enter a",
      "a",
    ]);
  });

  it("propagates a failing case instead of measuring it", async () => {
    await expect(
      measureThroughput(
        { broken: async () => Promise.reject(new Error("boom")) },
        { warmup: 0, rounds: 1, iterations: 1 },
      ),
    ).rejects.toThrow("boom");
  });
});

describe("timeCalls", () => {
  it("makes exactly `count` calls and never more than `concurrency` at once", async () => {
    let inFlight = 0;
    let peak = 0;
    let calls = 0;
    const latencies = await timeCalls(
      async () => {
        calls++;
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
      },
      25,
      4,
    );
    expect(calls).toBe(25);
    expect(latencies).toHaveLength(25);
    expect(peak).toBe(4);
  });

  it.each([0, -1, 1.5])("rejects concurrency %d", async (concurrency) => {
    await expect(timeCalls(async () => undefined, 1, concurrency)).rejects.toThrow(
      "concurrency must be a positive integer",
    );
  });
});

describe("measureLatency", () => {
  it("pools rounds × requests samples per case after the warm-up", async () => {
    const calls = { fast: 0, slow: 0 };
    const result = await measureLatency(
      { fast: async () => calls.fast++, slow: async () => calls.slow++ },
      { warmup: 2, rounds: 3, requests: 4, concurrency: 2 },
    );
    expect(calls).toEqual({ fast: 2 + 12, slow: 2 + 12 });
    expect(result.fast.count).toBe(12);
    expect(result.slow.count).toBe(12);
    expect(result.fast.min).toBeLessThanOrEqual(result.fast.median);
    expect(result.fast.median).toBeLessThanOrEqual(result.fast.p99);
    expect(result.fast.p99).toBeLessThanOrEqual(result.fast.max);
  });
});
