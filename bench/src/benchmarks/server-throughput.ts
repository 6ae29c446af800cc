import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchApiKey, makePets } from "../fixtures";
import { startChildServer, type ChildServer } from "../internal/child-server";
import { formatNumber, formatRatio } from "../internal/format";
import { runLoad, type LoadResult, type LoadTarget } from "../internal/load";
import type { BenchContext } from "../context";
import type { BenchResult, TargetCheck } from "../result";
import { ratio } from "../stats";

type Scale = "full" | "quick";
const settings: Record<Scale, { connections: number; warmupSeconds: number; durationSeconds: number; rounds: number }> = {
  full: { connections: 100, warmupSeconds: 2, durationSeconds: 5, rounds: 3 },
  quick: { connections: 4, warmupSeconds: 0.2, durationSeconds: 0.3, rounds: 1 },
};

const authorization = { Authorization: `Bearer ${benchApiKey}` };

/** Servers under load: the reference server on both stores, the bare baseline and Prism. */
export interface ThroughputTargets {
  referenceFile: ChildServer;
  referenceMemory: ChildServer;
  bare: ChildServer;
  prism: ChildServer;
  /** Identical body every GET target answers `GET …/pets?limit=20` with, except Prism (contract example). */
  listBody: string;
  stop(): Promise<void>;
}

/**
 * Start every server in its own child process (pinned to `cpu` when given), seed the reference
 * servers with `petCount` pets and start the baseline on the exact bytes the reference server sends.
 */
export async function startThroughputTargets(petCount: number, cpu?: number): Promise<ThroughputTargets> {
  const pin = cpu === undefined ? {} : { cpu };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "petstore-bench-"));
  const started: ChildServer[] = [];
  const stop = async () => {
    await Promise.all(started.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const start = async (script: string, env: Record<string, string> = {}) => {
      const server = await startChildServer({ script, env, ...pin });
      started.push(server);
      return server;
    };
    // Logs on, as `pnpm start` runs it; the child's stdout goes to /dev/null.
    const referenceFile = await start("reference-server.ts", {
      BENCH_STORE: "file",
      BENCH_DATA_FILE: path.join(dataDir, "petstore.db"),
      BENCH_LOGGER: "true",
    });
    const referenceMemory = await start("reference-server.ts", { BENCH_STORE: "memory", BENCH_LOGGER: "false" });
    for (const server of [referenceFile, referenceMemory]) await seed(`${server.origin}/v1`, petCount);
    const listResponse = await fetch(`${referenceFile.origin}/v1/pets?limit=20`, { headers: authorization });
    const listBody = await listResponse.text();
    const contentType = listResponse.headers.get("content-type") ?? "application/json";
    const memoryBody = await (await fetch(`${referenceMemory.origin}/v1/pets?limit=20`, { headers: authorization })).text();
    if (listBody !== memoryBody) throw new Error("[@petstore/bench] file and memory stores list different pets");
    const bare = await start("fixed-bytes-server.ts", {
      BENCH_BODY_BASE64: Buffer.from(listBody).toString("base64"),
      BENCH_CONTENT_TYPE: contentType,
    });
    const prism = await start("prism.ts");
    return { referenceFile, referenceMemory, bare, prism, listBody, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Create `count` pets through the API, one after another so ids come out 1…count. */
async function seed(baseUrl: string, count: number): Promise<void> {
  for (const pet of makePets(count)) {
    const { id: _id, ...newPet } = pet;
    const response = await fetch(`${baseUrl}/pets`, {
      method: "POST",
      headers: { ...authorization, "content-type": "application/json" },
      body: JSON.stringify(newPet),
    });
    if (response.status !== 201) throw new Error(`[@petstore/bench] seeding got ${response.status}: ${await response.text()}`);
  }
}

/** Run warm-up, then `rounds` interleaved runs of each load; keep the round with the median req/s per case. */
async function measureLoads<K extends string>(loads: Record<K, LoadTarget>, scale: Scale): Promise<Record<K, LoadResult>> {
  const { warmupSeconds, durationSeconds, rounds, connections } = settings[scale];
  const names = Object.keys(loads) as K[];
  for (const name of names) await runLoad({ ...loads[name], connections, durationSeconds: warmupSeconds });
  const runs = Object.fromEntries(names.map((name) => [name, [] as LoadResult[]])) as Record<K, LoadResult[]>;
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!;
      runs[name].push(await runLoad({ ...loads[name], connections, durationSeconds }));
    }
  }
  return Object.fromEntries(names.map((name) => [name, medianRun(runs[name])])) as Record<K, LoadResult>;
}

/** The run whose req/s is the median (the lower middle for an even count), so its latencies and failures belong to it. */
export function medianRun(runs: readonly LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("[@petstore/bench] no load runs to take a median of");
  return middle;
}

/** Benchmark 4: reference server throughput vs bare node:http and Prism, plus POST on the file store. */
export async function runServerThroughput({ scale, placement }: BenchContext): Promise<BenchResult> {
  const targets = await startThroughputTargets(100, placement?.server);
  try {
    const get = (origin: string, prefix: string): LoadTarget => ({
      url: `${origin}${prefix}/pets?limit=20`,
      headers: authorization,
    });
    const reads = await measureLoads(
      {
        referenceFile: get(targets.referenceFile.origin, "/v1"),
        referenceMemory: get(targets.referenceMemory.origin, "/v1"),
        bare: get(targets.bare.origin, "/v1"),
        prism: get(targets.prism.origin, ""),
      },
      scale,
    );
    const post = (origin: string): LoadTarget => ({
      url: `${origin}/v1/pets`,
      method: "POST",
      headers: { ...authorization, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench", categoryId: 1, status: "available" }),
    });
    const writes = await measureLoads(
      { referenceFile: post(targets.referenceFile.origin), referenceMemory: post(targets.referenceMemory.origin) },
      scale,
    );
    const { connections, durationSeconds, rounds } = settings[scale];
    const row = (name: string, result: LoadResult, baseline?: LoadResult) => [
      name,
      formatNumber(result.requestsPerSecond),
      baseline ? formatRatio(ratio(result.requestsPerSecond, baseline.requestsPerSecond)) : "",
      formatNumber(result.latencyMedianMs, 1),
      formatNumber(result.latencyP99Ms, 1),
      formatNumber(result.failed),
    ];
    const checks: TargetCheck[] = [
      { name: "reference (file store) req/s ÷ bare node:http req/s", measured: ratio(reads.referenceFile.requestsPerSecond, reads.bare.requestsPerSecond), limit: 0.5, kind: "min", unit: "×" },
      { name: "reference (file store) req/s ÷ Prism req/s", measured: ratio(reads.referenceFile.requestsPerSecond, reads.prism.requestsPerSecond), limit: 5, kind: "min", unit: "×" },
    ];
    return {
      id: "server-throughput",
      title: "4. Reference server throughput",
      method:
        `autocannon (library, ${connections} connections, ${durationSeconds} s per run after a warm-up, ${rounds} rounds ` +
        `interleaved across servers; the run with the median req/s is shown). Each server runs in its own child process. ` +
        (placement
          ? `Placement on 2 cores: autocannon on core ${placement.loadGenerator}, every server (and Prism's own process) on core ${placement.server}, pinned with taskset. `
          : "Processes unpinned (no taskset or a single core). ") +
        `The reference servers hold 100 pets created through the API; the bare node:http server sends the exact bytes ` +
        `the reference server answers \`GET /v1/pets?limit=20\` with (${formatNumber(Buffer.byteLength(targets.listBody))} B). ` +
        `Prism mocks the same contract at its root (no \`/v1\`) and serves the 2-pet example.`,
      tables: [
        {
          caption: "`GET /pets?limit=20`",
          columns: ["server", "req/s", "vs bare node:http", "median ms", "p99 ms", "non-2xx + errors"],
          rows: [
            row("reference, file store, JSON logs on (as `pnpm start`)", reads.referenceFile, reads.bare),
            row("reference, memory store, logs off", reads.referenceMemory, reads.bare),
            row("bare node:http, same bytes", reads.bare, reads.bare),
            row("Prism 5.14 mock", reads.prism, reads.bare),
          ],
        },
        {
          caption: "`POST /pets` (creates a pet per request)",
          columns: ["server", "req/s", "vs memory store", "median ms", "p99 ms", "non-2xx + errors"],
          rows: [
            row("reference, file store (durable before 201)", writes.referenceFile, writes.referenceMemory),
            row("reference, memory store", writes.referenceMemory, writes.referenceMemory),
          ],
        },
      ],
      targets: checks,
      notes: [
        "The reference servers run from source under tsx (as `pnpm start` does); the file-store server writes pino JSON logs to /dev/null, the memory-store one logs nothing, so the difference between the two rows is mostly logging.",
      ],
    };
  } finally {
    await targets.stop();
  }
}
