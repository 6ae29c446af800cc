import type { BenchContext } from "../context";
import type { BenchResult } from "../result";

type Benchmark = (context: BenchContext) => Promise<BenchResult>;

// Loaded on demand: each benchmark process imports only its own module (and so only patches what it needs).
/** Every benchmark by id, in README order. */
export const benchmarks: Record<string, () => Promise<Benchmark>> = {
  "sdk-in-process": async () => (await import("./sdk-in-process")).runSdkInProcess,
  "sdk-loopback": async () => (await import("./sdk-loopback")).runSdkLoopback,
  "bundle-and-startup": async () => (await import("./bundle-and-startup")).runBundleAndStartup,
  "server-throughput": async () => (await import("./server-throughput")).runServerThroughput,
  "mock-speed": async () => (await import("./mock-speed")).runMockSpeed,
  "create-throughput": async () => (await import("./create-throughput")).runCreateThroughput,
  "million-pets": async () => (await import("./million-pets")).runMillionPets,
};
