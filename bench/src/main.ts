// `pnpm bench`: runs every benchmark in its own process and writes the results into bench/README.md.
// Options: --quick (tiny iteration counts), --only id[,id…] (a subset), --profile (V8 CPU profiles of every
// process into bench/.tmp/profiles; summarize with `tsx src/profile-summary.ts <file>`). Those print instead of writing.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { benchmarks } from "./benchmarks/index";
import { describeMachine } from "./machine";
import { renderReport, replaceResults } from "./report";
import type { BenchFailure, BenchResult } from "./result";

const execFileAsync = promisify(execFile);
const benchRoot = fileURLToPath(new URL("../", import.meta.url));
const args = process.argv.slice(2);
const scale = args.includes("--quick") ? "quick" : "full";
const profileDir = args.includes("--profile") ? path.join(benchRoot, ".tmp", "profiles") : undefined;
const onlyIndex = args.indexOf("--only");
const ids = onlyIndex === -1 ? Object.keys(benchmarks) : (args[onlyIndex + 1] ?? "").split(",");
const unknown = ids.filter((id) => !(id in benchmarks));
if (unknown.length > 0) {
  throw new Error(`[@petstore/bench] unknown benchmark ${unknown.join(", ")}; known: ${Object.keys(benchmarks).join(", ")}`);
}

const machineBefore = describeMachine();
const busy = machineBefore.loadAverage[0] > machineBefore.nproc / 4;
console.log(`[@petstore/bench] ${machineBefore.nproc} cores, ${machineBefore.cpuModel}, Node ${machineBefore.node}, load ${machineBefore.loadAverage[0].toFixed(2)}`);
if (busy) console.warn("[@petstore/bench] the machine is busy: numbers will be noisy; re-run when `uptime` shows a low load.");

const startedAt = new Date();
const outDir = mkdtempSync(path.join(os.tmpdir(), "petstore-bench-results-"));
const results: BenchResult[] = [];
const failures: BenchFailure[] = [];
try {
  for (const id of ids) {
    const started = performance.now();
    console.log(`[@petstore/bench] ${id}…`);
    const outFile = path.join(outDir, `${id}.json`);
    try {
      // Each benchmark gets a fresh process: no shared JIT state, fetch patches or core pinning.
      const { stderr } = await execFileAsync(
        process.execPath,
        [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), "--import", "tsx", path.join(benchRoot, "src/run-one.ts"), id, scale, outFile],
        {
          cwd: benchRoot,
          maxBuffer: 64 * 1024 * 1024,
          // Child servers read BENCH_CPU_PROF_DIR, so one run profiles both sides.
          env: profileDir ? { ...process.env, BENCH_CPU_PROF_DIR: profileDir } : process.env,
        },
      );
      if (stderr.trim()) console.warn(stderr.trim());
      results.push(JSON.parse(readFileSync(outFile, "utf8")) as BenchResult);
      console.log(`[@petstore/bench] ${id} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      // One broken benchmark must not hide the others' numbers: record it and fail at the end.
      const message = String((error as { stderr?: string }).stderr || (error as Error).message).trim();
      console.error(`[@petstore/bench] ${id} failed:\n${message}`);
      const lines = message.split("\n");
      failures.push({ id, message: lines.find((line) => /^\w*Error\b[^:]*:/.test(line)) ?? lines[0] ?? "" });
    }
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

const [one = 0, five = 0, fifteen = 0] = os.loadavg();
const rendered = renderReport({
  startedAt,
  durationSeconds: (Date.now() - startedAt.getTime()) / 1000,
  machineBefore,
  loadAfter: [one, five, fifteen],
  results,
  failures,
});
if (profileDir) console.log(`[@petstore/bench] CPU profiles in ${profileDir}`);
if (scale === "full" && onlyIndex === -1 && !profileDir) {
  const readmePath = path.join(benchRoot, "README.md");
  writeFileSync(readmePath, replaceResults(readFileSync(readmePath, "utf8"), rendered));
  console.log(`[@petstore/bench] results written to ${readmePath}`);
}
console.log(rendered);
if (failures.length > 0) process.exitCode = 1;
