// `pnpm bench`: builds the packages, runs every benchmark in its own process and writes the results into
// bench/README.md. Options (src/args.ts): --quick, --only id[,id…], --profile, --help; those print instead of writing.
// Summarize a profile with `tsx src/profile-summary.ts <file>`.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { BenchArgsError, parseBenchArgs, USAGE, type BenchArgs } from "./args";
import { benchmarks } from "./benchmarks/index";
import { ensureWrk } from "./internal/wrk";
import { describeMachine } from "./machine";
import { renderResults, renderTargets, replaceBlock, type RunReport } from "./report";
import type { BenchFailure, BenchResult } from "./result";

const execFileAsync = promisify(execFile);
const benchRoot = fileURLToPath(new URL("../", import.meta.url));
let parsed: BenchArgs;
try {
  parsed = parseBenchArgs(process.argv.slice(2), Object.keys(benchmarks));
} catch (error) {
  if (!(error instanceof BenchArgsError)) throw error;
  console.error(`${error.message}\n\n${USAGE.replace("IDS", Object.keys(benchmarks).join(", "))}`);
  process.exit(2);
}
if (parsed.help) {
  console.log(USAGE.replace("IDS", Object.keys(benchmarks).join(", ")));
  process.exit(0);
}
const { scale, ids } = parsed;
const profileDir = parsed.profile ? path.join(benchRoot, ".tmp", "profiles") : undefined;

// The benchmarks import the built packages (what users install), so build them once the arguments are known good.
if (parsed.build)
  execFileSync("pnpm", ["--filter", "@petstore/bench^...", "run", "build"], {
    cwd: benchRoot,
    stdio: ["ignore", "inherit", "inherit"],
  });

// Debian's wrk drives the server benchmark; install it now (serialised apt-get) so the run itself only measures.
if (ids.includes("server-throughput")) {
  const wrk = ensureWrk((line) => console.log(line));
  if (!wrk.ok) console.warn(`[@petstore/bench] no wrk, the server rows will say n/a: ${wrk.reason}`);
}

const machineBefore = describeMachine();
const busy = machineBefore.loadAverage[0] > machineBefore.nproc / 4;
console.log(
  `[@petstore/bench] ${machineBefore.nproc} cores, ${machineBefore.cpuModel}, Node ${machineBefore.node}, load ${machineBefore.loadAverage[0].toFixed(2)}`,
);
if (busy)
  console.warn("[@petstore/bench] the machine is busy: numbers will be noisy; re-run when `uptime` shows a low load.");

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
        [
          ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
          "--import",
          "tsx",
          path.join(benchRoot, "src/run-one.ts"),
          id,
          scale,
          outFile,
        ],
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
const report: RunReport = {
  startedAt,
  durationSeconds: (Date.now() - startedAt.getTime()) / 1000,
  machineBefore,
  loadAfter: [one, five, fifteen],
  results,
  failures,
};
const targets = renderTargets(report);
const rendered = renderResults(report);
if (profileDir) console.log(`[@petstore/bench] CPU profiles in ${profileDir}`);
if (parsed.writesReadme) {
  const readmePath = path.join(benchRoot, "README.md");
  writeFileSync(
    readmePath,
    replaceBlock(replaceBlock(readFileSync(readmePath, "utf8"), "targets", targets), "results", rendered),
  );
  console.log(`[@petstore/bench] results written to ${readmePath}`);
}
console.log(`${rendered}\n\n## Targets\n\n${targets}`);
if (failures.length > 0) process.exitCode = 1;
