import type { CheckResult } from "./result";

const marks = { pass: "PASS", fail: "FAIL", warn: "WARN", skip: "SKIP" } as const;

/** The report as text: one heading per domain, one line per check, and a `fix:` line under each problem. */
export function formatReport(results: CheckResult[], roles: Map<string, string>): string {
  const lines: string[] = [];
  let domain: string | undefined;
  for (const r of results) {
    if (r.domain !== domain) {
      domain = r.domain;
      if (lines.length > 0) lines.push("");
      lines.push(`${domain} (${roles.get(domain) ?? "domain"})`);
    }
    lines.push(`  ${marks[r.status]} ${r.check.padEnd(8)} ${r.message}`);
    if (r.fix && r.status !== "pass") lines.push(`       ${"".padEnd(8)} fix: ${r.fix}`);
  }
  const count = (status: CheckResult["status"]) => results.filter((r) => r.status === status).length;
  lines.push(
    "",
    `${count("pass")} passed, ${count("fail")} failed, ${count("warn")} warning(s), ${count("skip")} skipped.`,
  );
  return lines.join("\n");
}
