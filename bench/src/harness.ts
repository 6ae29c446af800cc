import { performance } from "node:perf_hooks";
import { median, summarizeLatencies, type LatencySummary } from "./stats";

/** An operation under measurement: one call, awaited. */
export type Operation = () => Promise<unknown>;

/** How long to measure a throughput comparison. */
export interface ThroughputOptions {
  /** Calls per case before any measurement, to let the JIT settle. */
  warmup: number;
  /** Measured rounds; cases are interleaved inside each round so machine drift hits all alike. */
  rounds: number;
  /** Sequential calls per case per round. */
  iterations: number;
  /** Called, untimed, before a case's warm-up and before each of its rounds (e.g. to switch handlers or reset state). */
  enter?: (name: string) => void;
}

/** Ops/s of one case: the median over rounds and every round's value. */
export interface ThroughputResult {
  median: number;
  rounds: number[];
}

/** Measure sequential calls per second of each case, interleaving the cases round by round. */
export async function measureThroughput<K extends string>(
  cases: Record<K, Operation>,
  options: ThroughputOptions,
): Promise<Record<K, ThroughputResult>> {
  const names = Object.keys(cases) as K[];
  for (const name of names) {
    options.enter?.(name);
    await repeat(cases[name], options.warmup);
  }
  const perRound = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < options.rounds; round++) {
    // Rotate the starting case so no case always runs right after the same neighbour.
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!;
      options.enter?.(name);
      const start = performance.now();
      await repeat(cases[name], options.iterations);
      const seconds = (performance.now() - start) / 1000;
      perRound[name].push(options.iterations / seconds);
    }
  }
  return Object.fromEntries(
    names.map((name) => [name, { median: median(perRound[name]), rounds: perRound[name] }]),
  ) as Record<K, ThroughputResult>;
}

/** How many calls to time and how many to keep in flight. */
export interface LatencyOptions {
  /** Calls per case before any measurement. */
  warmup: number;
  /** Measured rounds, interleaved across cases; samples of all rounds are pooled. */
  rounds: number;
  /** Timed calls per case per round. */
  requests: number;
  /** Calls in flight at once (1 = sequential). */
  concurrency: number;
}

/** Measure per-call latency (ms) of each case at a fixed concurrency, interleaving cases per round. */
export async function measureLatency<K extends string>(
  cases: Record<K, Operation>,
  options: LatencyOptions,
): Promise<Record<K, LatencySummary>> {
  const names = Object.keys(cases) as K[];
  for (const name of names) await timeCalls(cases[name], options.warmup, options.concurrency);
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!;
      samples[name].push(...(await timeCalls(cases[name], options.requests, options.concurrency)));
    }
  }
  return Object.fromEntries(names.map((name) => [name, summarizeLatencies(samples[name])])) as Record<
    K,
    LatencySummary
  >;
}

/** Run `operation` `count` times, one after another. */
async function repeat(operation: Operation, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await operation();
}

/** Time `count` calls with `concurrency` workers pulling from a shared counter; returns each latency in ms. */
export async function timeCalls(operation: Operation, count: number, concurrency: number): Promise<number[]> {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`[@petstore/bench] concurrency must be a positive integer, got ${concurrency}`);
  }
  const latencies: number[] = [];
  let started = 0;
  const worker = async (): Promise<void> => {
    while (started < count) {
      started++;
      const start = performance.now();
      await operation();
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return latencies;
}
