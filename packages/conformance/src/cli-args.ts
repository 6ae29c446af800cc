import { parseArgs } from "node:util";
import { parseSeed } from "./seed";

/** Every target the command line accepts, besides `all`; `test/cli-args.test.ts` keeps it equal to `targetFactories`. */
export const targetNames = ["server", "msw", "prism", "prism-proxy", "prism-proxy-all"] as const;

/** What the command line asked for. */
export interface CliOptions {
  /** Target names to run, in order, `all` expanded and duplicates dropped. */
  targets: string[];
  report: boolean;
  /** `--report-file`: where to write the report, resolved against the folder pnpm was run from. */
  reportFile?: string;
  /** Generated requests per fuzzed target, exactly. */
  fuzzRequests: number;
  list: boolean;
  help: boolean;
  /** `CONFORMANCE_SEED`, when set. */
  seed?: number;
}

export const usage = `Usage: conformance [--target server|msw|prism|prism-proxy|prism-proxy-all|all] [--report] [--report-file FILE] [--fuzz-requests N] [--list]
  --target         which implementation(s) to check, comma-separated (default: all)
  --report         print the case × target table
  --report-file    also write it to FILE (relative to where you ran pnpm), e.g. packages/conformance/REPORT.md
  --fuzz-requests  generated bad requests per fuzzed target (server, msw), exactly; 0 skips fuzzing (default: 10000)
  --list           print the request matrix and exit (takes no other option)
Environment: CONFORMANCE_SEED replays a fuzz run.`;

/** A bad command line: one line naming the problem, then the usage. */
function usageError(line: string): Error {
  return new Error(`[@petstore/conformance] ${line}\n${usage}`);
}

function parseTargets(value: string): string[] {
  const names = value.split(",");
  if (names.some((name) => name === "")) {
    throw usageError(
      `--target ${JSON.stringify(value)} contains an empty target name: give comma-separated names without empty entries`,
    );
  }
  const unknown = names.filter((name) => name !== "all" && !(targetNames as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw usageError(
      `unknown target ${unknown.map((name) => JSON.stringify(name)).join(", ")}: choose from ${targetNames.join(", ")} or all`,
    );
  }
  return names.includes("all") ? [...targetNames] : [...new Set(names)];
}

/**
 * Parses the arguments after the script name and the environment. A bare `--` is dropped: `pnpm conformance -- --report`
 * forwards it verbatim, and `parseArgs` would otherwise read every later option as a positional and refuse it. A
 * repeated `--target` keeps the last one, so `pnpm conformance --target server` overrides the script's own
 * `--target all`. Every problem (options, target names, `CONFORMANCE_SEED`) is reported here, before anything runs.
 */
export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv.filter((arg) => arg !== "--"),
      options: {
        target: { type: "string", default: "all" },
        report: { type: "boolean", default: false },
        "report-file": { type: "string" },
        "fuzz-requests": { type: "string" },
        list: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    // Node's messages go on with advice about positionals after `--` that does not apply here: keep the first sentence.
    throw usageError((error instanceof Error ? error.message : String(error)).split(". ")[0]!);
  }
  if (values.help) return { targets: [], report: false, fuzzRequests: 0, list: false, help: true };
  const text = values["fuzz-requests"] ?? "10000";
  const fuzzRequests = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(fuzzRequests)) {
    throw usageError(`--fuzz-requests must be a whole number, got ${JSON.stringify(text)}`);
  }
  if (values.list) {
    // The package script always passes `--target all`, so only a narrower --target counts as combined.
    const others = [
      ...(values.target !== "all" ? ["--target"] : []),
      ...(values.report ? ["--report"] : []),
      ...(values["report-file"] !== undefined ? ["--report-file"] : []),
      ...(values["fuzz-requests"] !== undefined ? ["--fuzz-requests"] : []),
    ];
    if (others.length > 0) throw usageError(`--list takes no other option, got ${others.join(", ")}: run --list alone`);
    return { targets: [], report: false, fuzzRequests: 0, list: true, help: false };
  }
  const reportFile = values["report-file"];
  if (reportFile === "")
    throw usageError("--report-file needs a file name, such as --report-file conformance-report.md");
  const targets = parseTargets(values.target);
  const seed = parseSeed(env.CONFORMANCE_SEED);
  return {
    targets,
    report: values.report || reportFile !== undefined,
    fuzzRequests,
    list: false,
    help: false,
    ...(reportFile !== undefined ? { reportFile } : {}),
    ...(seed !== undefined ? { seed } : {}),
  };
}
