/** Middle value of the samples (mean of the two middle values for an even count). */
export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/**
 * The p-th percentile (0–100) by linear interpolation between closest ranks, as numpy's default,
 * so p50 equals the median and p99 of a short sample does not jump to its maximum.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error("[@petstore/bench] percentile of an empty sample");
  if (!(p >= 0 && p <= 100)) throw new Error(`[@petstore/bench] percentile must be within 0–100, got ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low]!;
  return lowValue + (sorted[high]! - lowValue) * (rank - low);
}

/** How many times `value` is `baseline` (2 means twice as much); throws on a zero or invalid baseline. */
export function ratio(value: number, baseline: number): number {
  if (!Number.isFinite(baseline) || baseline === 0) {
    throw new Error(`[@petstore/bench] cannot divide by baseline ${baseline}`);
  }
  return value / baseline;
}

/**
 * Per-round ratios of `values[i]` to `baselines[i]`, measured side by side in round i, and their median: a burst of
 * load elsewhere on the machine hits both runs of a round, so it moves their ratio far less than either run.
 */
export function pairedRatios(
  values: readonly number[],
  baselines: readonly number[],
): { perRound: number[]; median: number } {
  if (values.length !== baselines.length)
    throw new Error(`[@petstore/bench] ${values.length} values paired with ${baselines.length} baselines`);
  const perRound = values.map((value, i) => ratio(value, baselines[i]!));
  return { perRound, median: median(perRound) };
}

/** Median, p99, min and max of latency samples, plus their count. */
export interface LatencySummary {
  count: number;
  median: number;
  p99: number;
  min: number;
  max: number;
}

/** Summarize latency samples (any unit; the caller keeps track of it). */
export function summarizeLatencies(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    median: median(sorted),
    p99: percentile(sorted, 99),
    // Spreading a large array into Math.min overflows the stack; the sorted ends are the extremes.
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}
