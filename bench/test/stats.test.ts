import { describe, expect, it } from "vitest";
import { median, pairedRatios, percentile, ratio, summarizeLatencies } from "../src/stats";

describe("median", () => {
  it.each([
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[10, 10, 10, 1000], 10],
  ])("median(%j) = %d", (samples, expected) => {
    expect(median(samples)).toBe(expected);
  });

  it("does not reorder the caller's array", () => {
    const samples = [3, 1, 2];
    median(samples);
    expect(samples).toEqual([3, 1, 2]);
  });

  it("rejects an empty sample", () => {
    expect(() => median([])).toThrow("[@petstore/bench] percentile of an empty sample");
  });
});

describe("percentile", () => {
  const hundredAndOne = Array.from({ length: 101 }, (_, i) => 100 - i); // 0…100, reversed

  it.each([
    [0, 0],
    [50, 50],
    [90, 90],
    [99, 99],
    [100, 100],
  ])("p%d of 0…100 is %d", (p, expected) => {
    expect(percentile(hundredAndOne, p)).toBe(expected);
  });

  it("interpolates between ranks", () => {
    expect(percentile([0, 10], 25)).toBe(2.5);
    expect(percentile([1, 2, 3, 4], 99)).toBeCloseTo(3.97, 10);
  });

  it.each([-1, 101, Number.NaN])("rejects p = %d", (p) => {
    expect(() => percentile([1], p)).toThrow("percentile must be within 0–100");
  });
});

describe("ratio", () => {
  it("divides the value by the baseline", () => {
    expect(ratio(85, 100)).toBe(0.85);
    expect(ratio(300, 150)).toBe(2);
  });

  it.each([0, Number.NaN, Number.POSITIVE_INFINITY])("rejects baseline %d", (baseline) => {
    expect(() => ratio(1, baseline)).toThrow("cannot divide by baseline");
  });
});

describe("pairedRatios", () => {
  it("divides each round's value by the same round's baseline and takes the median of those", () => {
    // Round 2 ran while the machine was twice as slow: both runs doubled, and their ratio did not move.
    const paired = pairedRatios([12, 24, 13], [10, 20, 10]);
    expect(paired.perRound).toEqual([1.2, 1.2, 1.3]);
    expect(paired.median).toBe(1.2);
  });

  it("refuses values and baselines of different rounds", () => {
    expect(() => pairedRatios([1, 2], [1])).toThrow("2 values paired with 1 baselines");
  });
});

describe("summarizeLatencies", () => {
  it("reports count, median, p99 and extremes", () => {
    const samples = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(summarizeLatencies(samples)).toEqual({
      count: 1000,
      median: 500.5,
      p99: percentile(samples, 99),
      min: 1,
      max: 1000,
    });
  });

  it("handles more samples than fit in a spread call", () => {
    const samples = Array.from({ length: 300_000 }, (_, i) => i % 7);
    expect(summarizeLatencies(samples)).toMatchObject({ min: 0, max: 6, median: 3 });
  });
});
