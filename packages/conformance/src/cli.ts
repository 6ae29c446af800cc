import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseCliArgs, usage } from "./cli-args";
import { runFuzz, type FuzzSummary } from "./fuzz/run";
import { buildMatrix } from "./matrix/index";
import { renderReport, summaryLine } from "./report";
import { runMatrix, type CaseResult } from "./run";
import type { Target } from "./target";
import { startCommandTarget } from "./targets/command";
import { httpTarget } from "./targets/http";
import { fuzzTargets, targetFactories } from "./targets/index";

/** Runs the suite from the command line; exit code 1 when anything fails. */
async function main(): Promise<number> {
  const options = parseCliArgs(process.argv.slice(2));
  if (options.help) {
    console.log(usage);
    return 0;
  }
  const cases = buildMatrix();
  if (options.list) {
    for (const kase of cases)
      console.log(`${kase.id}\t${kase.status}\t${kase.requires.join(",") || "-"}\t${kase.title}`);
    console.log(`${cases.length} cases`);
    return 0;
  }
  const names = options.targets;
  const fuzzRequests = options.fuzzRequests;
  const server = options.server;
  const factories = targetFactories(async () => {
    if (server === undefined) throw new Error("[@petstore/conformance] no server under test was given");
    if ("url" in server) return httpTarget({ baseUrl: server.url, apiKey: server.apiKey });
    // Run where the user typed pnpm (INIT_CWD), as --report-file is resolved.
    return startCommandTarget({ command: server.command, cwd: process.env.INIT_CWD ?? process.cwd() });
  });

  const runs: { target: Target; results: CaseResult[] }[] = [];
  const fuzz: FuzzSummary[] = [];
  // One target at a time: MSW patches the global fetch while it listens.
  for (const name of names) {
    const target = await factories[name]!();
    try {
      const results = await runMatrix(target, cases);
      runs.push({ target, results });
      console.log(`[@petstore/conformance] ${summaryLine(name, results)}`);
      for (const r of results.filter((r) => r.outcome === "fail"))
        console.log(`  FAIL ${r.caseId}: ${r.problems.join("; ")}`);
    } finally {
      await target.close();
    }
    if (fuzzRequests > 0 && fuzzTargets.has(name)) {
      const fuzzTarget = await factories[name]!();
      try {
        const summary = await runFuzz(fuzzTarget, {
          requests: fuzzRequests,
          ...(options.seed !== undefined ? { seed: options.seed } : {}),
        });
        fuzz.push(summary);
        console.log(
          `[@petstore/conformance] ${name} fuzz: ${summary.requests} requests, seed ${summary.seed} (replay with CONFORMANCE_SEED=${summary.seed}), health ${summary.healthStatus}: ${summary.failure ? `FAIL\n${summary.failure}` : "pass"}`,
        );
      } finally {
        await fuzzTarget.close();
      }
    }
  }
  if (options.report) {
    const report = renderReport(runs, fuzz);
    console.log(report);
    if (options.reportFile !== undefined) {
      // pnpm runs the script in this package's folder; INIT_CWD is where the user typed the command.
      const file = resolve(process.env.INIT_CWD ?? process.cwd(), options.reportFile);
      await writeFile(file, report);
      console.log(`[@petstore/conformance] wrote ${file}`);
    }
  }
  const failed =
    runs.some(({ results }) => results.some((r) => r.outcome === "fail")) ||
    fuzz.some((f) => f.failure || f.unhandled.length > 0 || f.healthStatus !== 200);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
