import { describe, expect, it } from "vitest";
import type { CaseResult } from "../src/index";
import { renderReport, summaryLine } from "../src/report";

const result = (
  caseId: string,
  target: string,
  outcome: CaseResult["outcome"],
  missing: CaseResult["missing"] = [],
): CaseResult => ({
  caseId,
  title: caseId,
  target,
  outcome,
  problems: outcome === "fail" ? ["status 500, expected 200"] : [],
  missing,
  notApplied: [],
});

describe("report", () => {
  const runs = [
    { target: { name: "a" }, results: [result("c1", "a", "pass"), result("c2", "a", "fail")] },
    {
      target: { name: "b", gaps: { stateful: "examples only" } },
      results: [result("c1", "b", "pass", ["stateful"]), result("c2", "b", "n/a", ["stateful"])],
    },
  ];

  it("tabulates case × target with totals, gaps and failures", () => {
    const report = renderReport(runs, []);
    expect(report).toContain("| a | 1 | 1 | 0 | 0 | 2 |");
    expect(report).toContain("| b | 1 | 0 | 0 | 1 | 2 |");
    expect(report).toContain("| c1 | pass | pass (unchecked: stateful) |");
    expect(report).toContain("| c2 | **FAIL** | n/a (stateful) |");
    expect(report).toContain("- **a**: none\n- **b**:\n  - `stateful` (");
    expect(report).toContain("- a `c2`: status 500, expected 200");
  });

  it("summarises a target in one line", () => {
    expect(summaryLine("a", runs[0]!.results)).toBe(
      "a: 1/2 applicable cases pass, 1 fail, 0 known failures, 0 n/a (of 2)",
    );
  });
});
