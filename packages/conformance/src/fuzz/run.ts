import fc from "fast-check";
import { knownFuzzFindings, type KnownFuzzFinding } from "../known-failures";
import type { Target } from "../target";
import { fuzzRequestArbitrary, type FuzzRequest } from "./arbitraries";
import { fuzzProblems } from "./check";
import { healthAfter } from "./health";
import { parseSeed } from "../seed";

/** Options of `runFuzz`. */
export interface FuzzOptions {
  /** How many requests to send in total, exactly (the last batch is smaller when it does not divide). Defaults to 10 000. */
  requests?: number;
  /** How many requests are in flight at once. Defaults to 50. */
  concurrency?: number;
  /** fast-check seed, to replay a failure. Defaults to `CONFORMANCE_SEED` or a random seed. */
  seed?: number;
}

/** What a fuzz run found. */
export interface FuzzSummary {
  target: string;
  seed: number;
  requests: number;
  /** Responses per status code. */
  statuses: Record<number, number>;
  /** Empty when every response was acceptable; otherwise fast-check's report with the shrunk counterexample. */
  failure?: string;
  /** Uncaught exceptions and unhandled rejections seen in this process during the run. */
  unhandled: string[];
  /** Per known finding: how many generated requests it matched, and how many of those still failed. */
  known: { id: string; finding: string; matched: number; failed: number }[];
  /** Status of the health checks after the run (`GET /healthz` when there is one, then a valid `GET /pets`); see `healthAfter`. */
  healthStatus: number;
}

/** The failing requests of a run, and how to replay it; fast-check's own report would print the whole batch. */
function failureMessage(details: fc.RunDetails<[FuzzRequest[]]>, seed: number): string {
  const cause =
    details.errorInstance instanceof Error
      ? details.errorInstance.message
      : String(details.errorInstance ?? "interrupted");
  return `${cause}\n(replay with CONFORMANCE_SEED=${seed}; batch ${details.numRuns} of the run)`;
}

/** The seed a run uses: explicit, then `CONFORMANCE_SEED`, then random. */
export function resolveSeed(seed?: number): number {
  if (seed !== undefined) return seed;
  return parseSeed(process.env.CONFORMANCE_SEED) ?? Math.floor(Math.random() * 2 ** 31);
}

async function send(target: Target, request: FuzzRequest, statuses: Record<number, number>): Promise<string[]> {
  let response: Response;
  try {
    response = await target.fetch(target.baseUrl + request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    return [`no response: ${error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error)}`];
  }
  const text = await response.text();
  statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  return fuzzProblems(request, response.status, response.headers, text).map(
    (problem) => `${response.status}: ${problem}`,
  );
}

/**
 * Sends generated bad requests (methods, paths, queries, headers, bodies) in concurrent batches and checks that no
 * answer is a 5xx, every error body is a schema-valid Error, nothing throws unhandled, and the target stays healthy.
 */
export async function runFuzz(
  target: Target,
  options: FuzzOptions = {},
  findings: readonly KnownFuzzFinding[] = knownFuzzFindings[target.name] ?? [],
): Promise<FuzzSummary> {
  const requests = options.requests ?? 10_000;
  const concurrency = options.concurrency ?? 50;
  const seed = resolveSeed(options.seed);
  const statuses: Record<number, number> = {};
  const unhandled: string[] = [];
  const onUnhandled = (error: unknown) =>
    unhandled.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.on("uncaughtException", onUnhandled);
  process.on("unhandledRejection", onUnhandled);
  let sent = 0;
  const known = findings.map(({ id, finding }) => ({ id, finding, matched: 0, failed: 0 }));
  const property = fc.asyncProperty(
    fc.array(fuzzRequestArbitrary(target.apiKey), { minLength: concurrency, maxLength: concurrency }),
    async (generated) => {
      // Runs are sequential and never shrunk (`endOnFailure`), so trimming the last batch keeps the total exact.
      const batch = generated.slice(0, Math.max(0, requests - sent));
      const outcomes = await Promise.all(batch.map((request) => send(target, request, statuses)));
      sent += batch.length;
      const failures = batch.flatMap((request, i) => {
        const index = findings.findIndex((finding) => finding.matches(request));
        if (index >= 0) {
          known[index]!.matched += 1;
          if (outcomes[i]!.length > 0) known[index]!.failed += 1;
          return [];
        }
        return outcomes[i]!.length > 0 ? [`${request.method} ${request.path} → ${outcomes[i]!.join("; ")}`] : [];
      });
      if (failures.length > 0) throw new Error(failures.join("\n"));
    },
  );
  let details: fc.RunDetails<[FuzzRequest[]]>;
  try {
    details = await fc.check(property, {
      seed,
      numRuns: Math.ceil(requests / concurrency),
      endOnFailure: true,
      markInterruptAsFailure: true,
    });
  } finally {
    process.off("uncaughtException", onUnhandled);
    process.off("unhandledRejection", onUnhandled);
  }
  const healthStatus = await healthAfter(target);
  const stale = known.filter((k) => k.matched > 0 && k.failed === 0);
  return {
    target: target.name,
    seed,
    requests: sent,
    statuses,
    unhandled,
    known,
    healthStatus,
    ...(details.failed
      ? { failure: failureMessage(details, seed) }
      : stale.length > 0
        ? {
            failure: `known findings no longer reproduce (remove them from known-failures.ts): ${stale.map((k) => k.id).join(", ")}`,
          }
        : {}),
  };
}
