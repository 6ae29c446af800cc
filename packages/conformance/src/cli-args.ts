import { parseArgs } from "node:util";

/** What the command line asked for. */
export interface CliOptions {
  /** Target names, or `["all"]`. */
  targets: string[];
  report: boolean;
  fuzzRequests: number;
  list: boolean;
  help: boolean;
}

export const usage = `Usage: conformance [--target server|msw|prism|prism-proxy|prism-proxy-all|all] [--report] [--fuzz-requests N] [--list]
  --target         which implementation(s) to check, comma-separated (default: all)
  --report         print the case × target table and write it to packages/conformance/REPORT.md
  --fuzz-requests  generated bad requests per fuzzed target (server, msw); 0 skips fuzzing (default: 10000)
  --list           print the request matrix and exit
Environment: CONFORMANCE_SEED replays a fuzz run.`;

/**
 * Parses the arguments after the script name. A bare `--` is dropped: `pnpm conformance -- --report` forwards it
 * verbatim, and `parseArgs` would otherwise read every later option as a positional and refuse it. A repeated
 * `--target` keeps the last one, so `pnpm conformance --target server` overrides the script's own `--target all`.
 */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: argv.filter((arg) => arg !== "--"),
    options: {
      target: { type: "string", default: "all" },
      report: { type: "boolean", default: false },
      "fuzz-requests": { type: "string", default: "10000" },
      list: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  const fuzzRequests = Number(values["fuzz-requests"]);
  if (!/^\d+$/.test(values["fuzz-requests"]) || !Number.isSafeInteger(fuzzRequests)) {
    throw new Error(`[@petstore/conformance] --fuzz-requests must be a whole number, got ${values["fuzz-requests"]}`);
  }
  return { targets: values.target.split(","), report: values.report, fuzzRequests, list: values.list, help: values.help };
}
