import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cpuMicrosPerRequest,
  measureRun,
  medianRun,
  pairedCpuRatio,
  stalledRun,
  startThroughputTargets,
  type ThroughputTargets,
} from "../src/benchmarks/server-throughput";
import { benchApiKey, makePets } from "../src/fixtures";
import { cpuPlacement } from "../src/internal/cpu-placement";
import { listPetsExample } from "../src/internal/prism-example";
import { processTreePids } from "../src/internal/proc-cpu";
import { ensureWrk } from "../src/internal/wrk";

const headers = { Authorization: `Bearer ${benchApiKey}` };
const placement = cpuPlacement();
let targets: ThroughputTargets;

beforeAll(async () => {
  targets = await startThroughputTargets(25, placement?.server);
}, 180_000);
afterAll(() => targets?.stop());

const origin = (name: keyof ThroughputTargets["subjects"]) => targets.subjects[name]!.server.origin;

describe("benchmark 4: server throughput targets", () => {
  it("seeds every reference server so GET /pets?limit=20 returns the first 20 pets", async () => {
    // The repo's own servers must start; only PostgreSQL may be missing from a machine (then it says why).
    expect(targets.unavailable).not.toHaveProperty("referenceFile");
    expect(targets.unavailable).not.toHaveProperty("referenceMemory");
    for (const name of ["referenceFile", "referenceMemory", "referencePostgres"] as const) {
      if (!targets.subjects[name]) {
        console.warn(`[@petstore/bench] ${name} not started: ${targets.unavailable[name]}`);
        continue;
      }
      const response = await fetch(`${origin(name)}/v1/pets?limit=20`, { headers });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(makePets(20));
    }
  });

  it("the bare node:http baseline sends byte for byte what the reference server sends", async () => {
    const bare = await (await fetch(`${origin("bare")}/v1/pets?limit=20`)).text();
    const reference = await (await fetch(`${origin("referenceMemory")}/v1/pets?limit=20`, { headers })).text();
    expect(bare).toBe(reference);
    expect(bare).toBe(targets.listBody);
  });

  it("Prism answers the same request at its root with the contract's example", async () => {
    const response = await fetch(`${origin("prism")}/pets?limit=20`, { headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(listPetsExample());
  });

  it("POST /pets creates on the file store, as the write benchmark sends it", async () => {
    const response = await fetch(`${origin("referenceFile")}/v1/pets`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench", categoryId: 1, status: "available" }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ id: 26, name: "Bench" });
  });

  it.skipIf(!placement)("pins every server, Prism's own process and PostgreSQL's backends to the server core", () => {
    const allowed = (pid: number) =>
      /^Cpus_allowed_list:\s*(.+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    const subjects = Object.values(targets.subjects);
    const pids = subjects.flatMap((subject) => [
      ...processTreePids(subject.server.pid),
      ...(subject.databasePid ? processTreePids(subject.databasePid) : []),
    ]);
    expect(pids.length).toBeGreaterThan(subjects.length);
    for (const pid of pids) expect(allowed(pid)).toBe(String(placement!.server));
  });
});

const wrk = ensureWrk(console.warn);
describe.skipIf(!wrk.ok)("measureRun", () => {
  it("counts the server's CPU time (and PostgreSQL's) over a wrk run, with the requests wrk completed", async () => {
    for (const name of ["bare", "referencePostgres"] as const) {
      const subject = targets.subjects[name];
      if (!subject) continue;
      const run = await measureRun(
        subject,
        { url: `${subject.server.origin}/v1/pets?limit=20`, headers },
        { connections: 2, durationSeconds: 1 },
      );
      expect(run.load.requests).toBeGreaterThan(0);
      expect(run.serverCpuSeconds).toBeGreaterThan(0);
      if (name === "referencePostgres") expect(run.databaseCpuSeconds).toBeGreaterThan(0);
      else expect(run.databaseCpuSeconds).toBeUndefined();
    }
  });

  it("refuses a run whose answers are errors, so a broken server cannot pass as fast", async () => {
    const subject = targets.subjects.referenceMemory!;
    await expect(
      measureRun(subject, { url: `${subject.server.origin}/v1/pets?limit=20` }, { connections: 1, durationSeconds: 1 }),
    ).rejects.toThrow(/error statuses/);
  });
});

describe.skipIf(!wrk.ok)("pairedCpuRatio", () => {
  it("runs both servers each round and divides their CPU per request round by round", async () => {
    const load = (name: "referenceMemory" | "bare") => ({
      subject: targets.subjects[name]!,
      target: { url: `${origin(name)}/v1/pets?limit=20`, headers },
    });
    const paired = await pairedCpuRatio(load("referenceMemory"), load("bare"), {
      rounds: 2,
      connections: 2,
      durationSeconds: 1,
    });
    expect(paired.perRound).toHaveLength(2);
    for (const one of paired.perRound) expect(one).toBeGreaterThan(0);
    expect(paired.median).toBeCloseTo((paired.perRound[0]! + paired.perRound[1]!) / 2, 9);
  });
});

describe("cpuMicrosPerRequest", () => {
  it("is CPU seconds per request in µs, and refuses a run with no requests", () => {
    expect(cpuMicrosPerRequest(0.5, 25_000)).toBeCloseTo(20, 9);
    expect(() => cpuMicrosPerRequest(0.5, 0)).toThrow("no requests completed");
  });
});

describe("medianRun", () => {
  const run = (requestsPerSecond: number, tag: string) => ({ load: { requestsPerSecond }, tag });

  it("returns the whole run with the median req/s, keeping its own numbers", () => {
    expect(medianRun([run(300, "c"), run(100, "a"), run(200, "b")]).tag).toBe("b");
  });

  it("picks a real run (the lower middle) for an even count", () => {
    expect(medianRun([run(100, "a"), run(400, "d"), run(200, "b"), run(300, "c")]).tag).toBe("b");
  });

  it("rejects an empty list", () => {
    expect(() => medianRun([])).toThrow("no load runs");
  });
});

describe("a stalled run", () => {
  const run = (serverCpuSeconds: number, latencyP99Ms: number) => ({
    serverCpuSeconds,
    load: {
      requests: 700,
      durationSeconds: 5,
      requestsPerSecond: 140,
      latencyMedianMs: 2,
      latencyP99Ms,
      errorStatuses: 0,
      socketErrors: 0,
      loadGeneratorCpuSeconds: 0.1,
    },
  });

  it("is a server under a tenth of a core busy while its slowest requests took a second or more", () => {
    // What a bare server measured twice on a loaded machine: 145 req/s, 1-2 % busy, p99 2-3 s.
    expect(stalledRun(run(0.08, 2_400))).toBe(true);
    expect(stalledRun(run(0.6, 2_400))).toBe(false); // busy and slow: a slow server, measured
    expect(stalledRun(run(0.08, 12))).toBe(false); // idle and fast: a light load, measured
  });
});
