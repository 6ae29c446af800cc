import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchApiKey } from "../fixtures";
import { startChildServer, type ChildServer } from "../internal/child-server";
import { formatNumber, formatRatio } from "../internal/format";
import type { LoadTarget } from "../internal/load";
import { ensureWrk } from "../internal/wrk";
import type { BenchContext } from "../context";
import type { BenchResult, TargetCheck } from "../result";
import { pairedRatios } from "../stats";
import { cpuMicrosPerRequest, measureRun, medianRun, type CpuRun, type Subject } from "./server-throughput";

const settings = {
  full: { connections: 100, warmupSeconds: 3, durationSeconds: 5, rounds: 5 },
  quick: { connections: 4, warmupSeconds: 1, durationSeconds: 1, rounds: 1 },
} as const;

const stores = {
  sqlite: {
    label: "SQLite store (WAL synced off the event loop, group commit)",
    script: "reference-server.ts",
    file: "petstore.db",
    env: { BENCH_STORE: "file" },
  },
  jsonl: {
    label: "retired JSON-lines store (group fdatasync), baseline",
    script: "jsonl-baseline-server.ts",
    file: "petstore.jsonl",
    env: {},
  },
} as const;
type StoreName = keyof typeof stores;

/** A durable create target with a new Idempotency-Key per request. */
export function createTarget(origin: string, run: string): LoadTarget & { idempotencyKeyPrefix: string } {
  return {
    url: `${origin}/v1/pets`,
    method: "POST",
    headers: { Authorization: `Bearer ${benchApiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench", categoryId: 1, status: "available" }),
    idempotencyKeyPrefix: `${run}-`,
  };
}

/** Starts the reference server on each store (same process code, logs off), each on its own file in one folder. */
export async function startCreateTargets(cpu?: number): Promise<{
  servers: Record<StoreName, ChildServer>;
  stop(): Promise<void>;
}> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "petstore-bench-creates-"));
  const started: ChildServer[] = [];
  const stop = async () => {
    await Promise.all(started.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const servers = {} as Record<StoreName, ChildServer>;
    for (const name of Object.keys(stores) as StoreName[]) {
      const { script, file, env } = stores[name];
      const server = await startChildServer({
        script,
        env: { ...env, BENCH_DATA_FILE: path.join(dir, name, file), BENCH_LOGGER: "false" },
        ...(cpu === undefined ? {} : { cpu }),
      });
      started.push(server);
      servers[name] = server;
    }
    return { servers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Create throughput with 100 connections, each create with its own Idempotency-Key and answered only once durable:
 * the SQLite store against the retired JSON-lines store (a frozen copy under `src/baselines/jsonl-store/`), both under
 * the same server code, pinned to the same core, on the same file system, in interleaved rounds.
 */
export async function runCreateThroughput({ scale, placement }: BenchContext): Promise<BenchResult> {
  const wrk = ensureWrk((line) => console.error(line));
  if (!wrk.ok) throw new Error(`[@petstore/bench] create-throughput needs wrk: ${wrk.reason}`);
  const { connections, warmupSeconds, durationSeconds, rounds } = settings[scale];
  const cpu = placement?.loadGenerator;
  const pin = cpu === undefined ? {} : { cpu };
  const { servers, stop } = await startCreateTargets(placement?.server);
  try {
    const names = Object.keys(stores) as StoreName[];
    const subject = (name: StoreName): Subject => ({ server: servers[name] });
    let run = 0;
    const measure = (name: StoreName, seconds: number) =>
      measureRun(subject(name), createTarget(servers[name].origin, `r${++run}`), {
        connections,
        durationSeconds: seconds,
        ...pin,
      });
    for (const name of names) await measure(name, warmupSeconds);
    const runs: Record<StoreName, CpuRun[]> = { sqlite: [], jsonl: [] };
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(round + i) % names.length]!;
        runs[name].push(await measure(name, durationSeconds));
      }
    }
    const median = { sqlite: medianRun(runs.sqlite), jsonl: medianRun(runs.jsonl) };
    // Paired by round: each round ran both stores back to back, so a burst of load elsewhere hits both.
    const paired = pairedRatios(
      runs.sqlite.map((run) => run.load.requestsPerSecond),
      runs.jsonl.map((run) => run.load.requestsPerSecond),
    );
    const target: TargetCheck = {
      name: `SQLite store create req/s ÷ the retired JSON-lines store's, ${connections} connections, keyed, durable (median of paired rounds)`,
      measured: paired.median,
      limit: 0.8,
      kind: "min",
      unit: "×",
    };
    return {
      id: "create-throughput",
      title: "Create throughput against the retired file store",
      method:
        `wrk (one thread, ${connections} connections, ${durationSeconds} s per run after a ${warmupSeconds} s warm-up per store, ` +
        `${rounds} round${rounds === 1 ? "" : "s"} alternating which store goes first). Every request is \`POST /v1/pets\` with its own ` +
        "`Idempotency-Key`, and every 201 is sent only once the create is durable: SQLite commits the creates of one " +
        "event-loop turn in one transaction (WAL, synced by `fdatasync` off the event loop), the JSON-lines store appends them and calls " +
        "`fdatasync` once per group. Both run the same `startServer` (logs off) in their own process, pinned to the same " +
        "core, with their files in one folder of the same file system; the JSON-lines store is the frozen copy in " +
        "`src/baselines/jsonl-store/`. The ratio is the median over rounds of SQLite's req/s ÷ the baseline's in the same round.",
      tables: [
        {
          caption: "`POST /pets` with a new Idempotency-Key per request (wrk)",
          columns: [
            "store",
            "req/s (median run)",
            "server CPU µs/create",
            "median / p99 ms",
            "requests",
            "req/s per round",
          ],
          rows: names.map((name) => {
            const { load, serverCpuSeconds } = median[name];
            return [
              stores[name].label,
              formatNumber(load.requestsPerSecond),
              formatNumber(cpuMicrosPerRequest(serverCpuSeconds, load.requests), 1),
              `${formatNumber(load.latencyMedianMs, 2)} / ${formatNumber(load.latencyP99Ms, 2)}`,
              formatNumber(load.requests),
              runs[name].map((one) => formatNumber(one.load.requestsPerSecond)).join(", "),
            ];
          }),
        },
      ],
      targets: [target],
      notes: [`SQLite ÷ JSON-lines per round: ${paired.perRound.map(formatRatio).join(", ")}.`],
    };
  } finally {
    await stop();
  }
}
