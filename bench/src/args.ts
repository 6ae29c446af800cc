import { parseArgs } from "node:util";

/** What `pnpm bench` was asked to do. */
export interface BenchArgs {
  /** `quick`: tiny iteration counts, a smoke run. */
  scale: "full" | "quick";
  /** The benchmarks to run, in order. */
  ids: string[];
  /** Write V8 CPU profiles of every process. */
  profile: boolean;
  /** Only a full run of every benchmark without profiling rewrites bench/README.md; anything else prints. */
  writesReadme: boolean;
  /** `--help`: print the usage and run nothing. */
  help: boolean;
  /** Build the packages the benchmarks import first (`--no-build` skips it, e.g. to profile right after a run). */
  build: boolean;
}

/** The usage text `--help` and every argument error print. */
export const USAGE = `Usage: pnpm bench [-- options]
  --quick              tiny iteration counts: a smoke run, prints only
  --only id[,id…]      a subset at full size, prints only (ids: IDS)
  --profile            V8 CPU profiles of every process into bench/.tmp/profiles, prints only
  --no-build           use the packages as last built (skip the build step), prints only
  --help               this text
Without options every benchmark runs at full size and the results are written into bench/README.md.`;

/** A bad `pnpm bench` argument: the message says which and what to do. */
export class BenchArgsError extends Error {
  override name = "BenchArgsError";
}

/**
 * Parses `pnpm bench`'s arguments strictly: an unknown or misspelt flag is an error rather than being ignored, since
 * an ignored `--only` would start the full run and rewrite bench/README.md.
 */
export function parseBenchArgs(argv: readonly string[], known: readonly string[]): BenchArgs {
  let values: { quick?: boolean; only?: string; profile?: boolean; help?: boolean; "no-build"?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv.filter((arg) => arg !== "--"),
      options: {
        quick: { type: "boolean" },
        only: { type: "string" },
        profile: { type: "boolean" },
        help: { type: "boolean" },
        "no-build": { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new BenchArgsError(
      `[@petstore/bench] ${(error as Error).message.replace(/\. To specify a positional.*$/s, ".")}`,
    );
  }
  if (values.only !== undefined && (values.only.trim() === "" || values.only.startsWith("-"))) {
    throw new BenchArgsError(
      `[@petstore/bench] --only needs benchmark ids, such as --only sdk-in-process; known: ${known.join(", ")}`,
    );
  }
  const ids = values.only === undefined ? [...known] : values.only.split(",").map((id) => id.trim());
  const unknown = ids.filter((id) => !known.includes(id));
  if (unknown.length > 0)
    throw new BenchArgsError(
      `[@petstore/bench] unknown benchmark ${unknown.map((id) => JSON.stringify(id)).join(", ")}; known: ${known.join(", ")}`,
    );
  const scale = values.quick ? "quick" : "full";
  const profile = values.profile === true;
  const build = values["no-build"] !== true;
  // Only a full run of everything on freshly built packages may rewrite the README.
  return {
    scale,
    ids,
    profile,
    writesReadme: scale === "full" && values.only === undefined && !profile && build,
    help: values.help === true,
    build,
  };
}
