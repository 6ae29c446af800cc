import type { ConformanceCase, Exchange } from "./case";
import { contractProblems } from "./check";
import { knownFailures } from "./known-failures";
import { sender } from "./send";
import type { Capability, Target } from "./target";

/** How one case went on one target. */
export type Outcome = "pass" | "fail" | "known-failure" | "n/a";

/** The result of one case on one target. */
export interface CaseResult {
  caseId: string;
  title: string;
  target: string;
  outcome: Outcome;
  /** What departed from the contract (empty on a pass). */
  problems: string[];
  /** Capabilities the target lacks that made the case, or some of its checks, not applicable. */
  missing: Capability[];
  /** Semantic checks not applied for lack of a capability. */
  notApplied: string[];
  /** The finding recorded for a known failure. */
  finding?: string;
}

/** Runs one case on one target: setup, the request, every contract and semantic check. */
export async function runCase(target: Target, kase: ConformanceCase, known = knownFailures): Promise<CaseResult> {
  const base = {
    caseId: kase.id,
    title: kase.title,
    target: target.name,
    problems: [] as string[],
    notApplied: [] as string[],
  };
  const missing = kase.requires.filter((capability) => !target.capabilities.has(capability));
  if (missing.length > 0) return { ...base, outcome: "n/a", missing };

  const problems: string[] = [];
  const notApplied: string[] = [];
  const lacking = new Set<Capability>();
  try {
    const send = sender(target);
    const state = kase.setup ? await kase.setup(send) : undefined;
    const request = typeof kase.request === "function" ? kase.request(state) : kase.request;
    const exchange: Exchange = await send(request);
    problems.push(...contractProblems(kase, exchange, target));
    for (const check of kase.checks ?? []) {
      const absent = (check.requires ?? []).filter((capability) => !target.capabilities.has(capability));
      if (absent.length > 0) {
        for (const capability of absent) lacking.add(capability);
        notApplied.push(check.name);
        continue;
      }
      const problem = check.check(exchange, state);
      if (problem) problems.push(`${check.name}: ${problem}`);
    }
  } catch (error) {
    problems.push(
      `threw: ${error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ""}` : String(error)}`,
    );
  }

  const finding = known[target.name]?.[kase.id];
  const result = { ...base, problems, notApplied, missing: [...lacking] };
  if (finding === undefined) return { ...result, outcome: problems.length === 0 ? "pass" : "fail" };
  if (problems.length > 0) return { ...result, outcome: "known-failure", finding };
  return {
    ...result,
    outcome: "fail",
    problems: [`listed as a known failure (${finding}) but passes: remove it from known-failures.ts`],
  };
}

/** Runs every case on a target, one after another so stateful cases see a predictable store. */
export async function runMatrix(
  target: Target,
  cases: readonly ConformanceCase[],
  known = knownFailures,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const kase of cases) results.push(await runCase(target, kase, known));
  return results;
}
