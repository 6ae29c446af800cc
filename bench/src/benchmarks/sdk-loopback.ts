import { createPetstoreClient } from "@petstore/client";
import type { Pet } from "@petstore/client";
import { benchApiKey, jsonBytes, makePets } from "../fixtures";
import { measureLatency, type LatencyOptions } from "../harness";
import { startChildServer } from "../internal/child-server";
import { formatNumber, formatRatio } from "../internal/format";
import type { BenchContext } from "../context";
import type { BenchResult, ResultTable, TargetCheck } from "../result";
import { ratio } from "../stats";

/** The SDK and raw fetch (bare, and with the per-call timeout any client needs), listing pets from one server over the global fetch. */
export interface LoopbackCases {
  sdk: () => Promise<Pet[]>;
  rawFetch: () => Promise<Pet[]>;
  rawFetchWithTimeout: () => Promise<Pet[]>;
}

/** The per-attempt timeout of the SDK and of the raw-fetch floor: the SDK's default. */
export const attemptTimeoutMs = 60_000;

/**
 * Build the cases against a server whose API base URL is `baseUrl` (ending in `/v1`). The SDK and the floor
 * (`rawFetchWithTimeout`) get the same per-attempt timeout.
 */
export function createLoopbackCases(baseUrl: string, timeoutMs = attemptTimeoutMs): LoopbackCases {
  const sdk = createPetstoreClient({ apiKey: benchApiKey, baseUrl, timeout: timeoutMs });
  const headers = { Authorization: `Bearer ${benchApiKey}` };
  const list = async (init: RequestInit) => {
    const response = await fetch(`${baseUrl}/pets`, init);
    if (!response.ok) throw new Error(`[@petstore/bench] raw fetch got ${response.status}`);
    return (await response.json()) as Pet[];
  };
  return {
    sdk: () => sdk.pets.list(),
    rawFetch: () => list({ headers }),
    // The physical floor of any fetch-based client with a per-attempt timeout: a fresh AbortController whose signal
    // fetch follows, and a timer, per attempt.
    rawFetchWithTimeout: async () => {
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new DOMException("attempt timed out", "TimeoutError")),
        timeoutMs,
      );
      try {
        return await list({ headers, signal: controller.signal });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

type Scale = "full" | "quick";
const settings: Record<Scale, { sequential: LatencyOptions; concurrent: LatencyOptions }> = {
  full: {
    sequential: { warmup: 2_000, rounds: 10, requests: 1_000, concurrency: 1 },
    concurrent: { warmup: 2_000, rounds: 10, requests: 3_200, concurrency: 64 },
  },
  quick: {
    sequential: { warmup: 5, rounds: 2, requests: 10, concurrency: 1 },
    concurrent: { warmup: 5, rounds: 2, requests: 20, concurrency: 8 },
  },
};

/** Benchmark 2: latency of `pets.list` over loopback against a fixed-bytes node:http server vs raw fetch. */
export async function runSdkLoopback({ scale, placement }: BenchContext): Promise<BenchResult> {
  const server = await startChildServer({
    script: "fixed-bytes-server.ts",
    env: { BENCH_BODY_BASE64: Buffer.from(jsonBytes(makePets(20))).toString("base64") },
    ...(placement ? { cpu: placement.server } : {}),
  });
  try {
    const cases = createLoopbackCases(`${server.origin}/v1`);
    const tables: ResultTable[] = [];
    const targets: TargetCheck[] = [];
    for (const mode of ["sequential", "concurrent"] as const) {
      const options = settings[scale][mode];
      const result = await measureLatency(cases, options);
      const label = mode === "sequential" ? "sequential" : `${options.concurrency} concurrent`;
      tables.push({
        caption: `Latency, ${label} (${formatNumber(result.sdk.count)} calls per case)`,
        columns: ["case", "median ms", "p99 ms", "median vs floor", "p99 vs floor", "median vs raw fetch"],
        rows: [
          ["`petstore.pets.list()` (SDK, 60 s timeout)", result.sdk],
          [
            "floor: raw `fetch` + `response.json()` with a 60 s abort signal and timer per attempt",
            result.rawFetchWithTimeout,
          ],
          ["raw `fetch` + `response.json()`, no timeout", result.rawFetch],
        ].map(([name, summary]) => {
          const s = summary as typeof result.sdk;
          return [
            name as string,
            formatNumber(s.median, 3),
            formatNumber(s.p99, 3),
            formatRatio(ratio(s.median, result.rawFetchWithTimeout.median)),
            formatRatio(ratio(s.p99, result.rawFetchWithTimeout.p99)),
            formatRatio(ratio(s.median, result.rawFetch.median)),
          ];
        }),
      });
      for (const stat of ["median", "p99"] as const) {
        targets.push({
          name: `SDK ${stat} ÷ raw fetch ${stat} with the same per-attempt timeout, ${label}`,
          measured: ratio(result.sdk[stat], result.rawFetchWithTimeout[stat]),
          limit: 1.05,
          kind: "max",
          unit: "×",
        });
      }
    }
    const { sequential, concurrent } = settings[scale];
    return {
      id: "sdk-loopback",
      title: "2. SDK overhead over loopback",
      method:
        `A bare node:http server in a child process answers every request with the same 20-pet JSON bytes. ` +
        `The SDK (default options, global fetch), the floor (raw \`fetch\` with the abort signal and timer that the SDK's ` +
        `per-attempt timeout needs, the same 60 s) and raw \`fetch\` without a timeout call it in ${sequential.rounds} interleaved rounds ` +
        `of ${formatNumber(sequential.requests)} sequential calls, then ${concurrent.rounds} rounds of ` +
        `${formatNumber(concurrent.requests)} calls with ${concurrent.concurrency} in flight; samples of all rounds are pooled. ` +
        (placement
          ? `Client pinned to core ${placement.loadGenerator}, server to core ${placement.server} (taskset).`
          : "Processes unpinned (no taskset or a single core)."),
      tables,
      targets,
      notes: [],
    };
  } finally {
    await server.stop();
  }
}
