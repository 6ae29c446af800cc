import { parseArgs } from "node:util";
import { parseSeed } from "./seed";

/** Every target the command line accepts, besides `all`; `test/cli-args.test.ts` keeps it equal to `targetFactories`. */
export const targetNames = ["server", "msw", "prism", "prism-proxy", "prism-proxy-all"] as const;

/** Targets that run the implementation under test, so they need `--server-url` or `--server-command`. */
const serverTargetNames: ReadonlySet<string> = new Set(["server", "prism-proxy", "prism-proxy-all"]);

/** Where the implementation under test comes from: a running server, or a command that starts one per target. */
type ServerSource = { url: string; apiKey: string } | { command: string };

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
  /** The implementation under test, when a target needs it (`serverTargetNames`). */
  server?: ServerSource;
}

export const usage = `Usage: conformance [--target server|msw|prism|prism-proxy|prism-proxy-all|all] [--server-url URL | --server-command CMD] [--report] [--report-file FILE] [--fuzz-requests N] [--list]
  --target         which implementation(s) to check, comma-separated (default: all)
  --server-url     the implementation under test (server, prism-proxy*), already running, e.g. http://127.0.0.1:4000/v1;
                   CONFORMANCE_API_KEY holds a key it accepts; wins over --server-command
  --server-command a shell command that starts it, run per target with PORT, HOST, PETSTORE_API_KEYS and
                   PETSTORE_DATA_DIR set (the package scripts pass the reference server's pnpm start)
  --report         print the case × target table
  --report-file    also write it to FILE (relative to where you ran pnpm), e.g. packages/conformance/REPORT.md
  --fuzz-requests  generated bad requests per fuzzed target (server, msw), exactly; 0 skips fuzzing (default: 10000)
  --list           print the request matrix and exit (takes no other option)
Environment: CONFORMANCE_SEED replays a fuzz run; CONFORMANCE_API_KEY goes with --server-url.`;

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

function parseServer(url: string | undefined, command: string | undefined, apiKey: string | undefined) {
  if (url !== undefined) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      throw usageError(
        `--server-url must be an http(s) URL such as http://127.0.0.1:4000/v1, got ${JSON.stringify(url)}`,
      );
    }
    if (!apiKey) {
      throw usageError("--server-url needs CONFORMANCE_API_KEY set to an API key that server accepts");
    }
    return { url, apiKey };
  }
  if (command !== undefined) {
    if (command.trim() === "") {
      throw usageError(
        "--server-command needs a command, such as --server-command 'pnpm --filter @petstore/server start'",
      );
    }
    return { command };
  }
  return undefined;
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
        "server-url": { type: "string" },
        "server-command": { type: "string" },
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
    // The package script always passes `--target all` and `--server-command`, so only a narrower --target counts as
    // combined; the server options only say where a server is and are ignored.
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
  const server = parseServer(values["server-url"], values["server-command"], env.CONFORMANCE_API_KEY);
  const needing = targets.filter((name) => serverTargetNames.has(name));
  if (needing.length > 0 && server === undefined) {
    throw usageError(
      `--target ${needing.join(",")} needs the server under test: give --server-url URL (and CONFORMANCE_API_KEY) or --server-command CMD`,
    );
  }
  const seed = parseSeed(env.CONFORMANCE_SEED);
  return {
    targets,
    report: values.report || reportFile !== undefined,
    fuzzRequests,
    list: false,
    help: false,
    ...(reportFile !== undefined ? { reportFile } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(server !== undefined ? { server } : {}),
  };
}
