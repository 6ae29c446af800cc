import { describe, expect, it } from "vitest";
import { renderReport, renderTable, replaceResults, resultsEnd, resultsStart } from "../src/report";
import { targetMet, type BenchResult } from "../src/result";

const result: BenchResult = {
  id: "demo",
  title: "1. Demo",
  method: "How it was measured.",
  tables: [{ caption: "Ops", columns: ["case", "ops/s"], rows: [["a | b", 10]] }],
  targets: [
    { name: "ratio", measured: 0.8, limit: 0.85, kind: "min", unit: "×" },
    { name: "size", measured: 4321.4, limit: 5000, kind: "max", unit: "B" },
  ],
  notes: ["A note."],
};

describe("targetMet", () => {
  it.each([
    ["min", 0.85, 0.85, true],
    ["min", 0.84, 0.85, false],
    ["max", 1.1, 1.1, true],
    ["max", 1.11, 1.1, false],
  ] as const)("%s target: measured %d against %d → %s", (kind, measured, limit, met) => {
    expect(targetMet({ name: "", measured, limit, kind, unit: "×" })).toBe(met);
  });
});

describe("renderTable", () => {
  it("renders a captioned Markdown table with escaped pipes and right-aligned number columns", () => {
    expect(renderTable(result.tables[0]!)).toBe("**Ops**\n\n| case | ops/s |\n|---|--:|\n| a \\| b | 10 |");
  });
});

describe("renderReport", () => {
  const rendered = renderReport({
    startedAt: new Date("2025-01-02T03:04:05Z"),
    durationSeconds: 12.4,
    machineBefore: { nproc: 2, cpuModel: "Test CPU", cpuMHz: 2445, memoryGiB: 3.8, node: "v20.20.2", platform: "Linux", loadAverage: [0.1, 0.2, 0.3] },
    loadAfter: [1, 2, 3],
    results: [result],
  });

  it("describes the machine and the load before and after", () => {
    expect(rendered).toContain("| `nproc` | 2 |");
    expect(rendered).toContain("| CPU (/proc/cpuinfo) | Test CPU, 2445 MHz |");
    expect(rendered).toContain("| memory | 3.8 GiB |");
    expect(rendered).toContain("| Node | v20.20.2 |");
    expect(rendered).toContain("before | 0.10 / 0.20 / 0.30 |");
    expect(rendered).toContain("after | 1.00 / 2.00 / 3.00 |");
  });

  it("lists every target with whether it is met", () => {
    expect(rendered).toContain("| 1. Demo | ratio | 0.80× | ≥ 0.85× | **no** |");
    expect(rendered).toContain("| 1. Demo | size | 4,321 B | ≤ 5,000 B | yes |");
  });

  it("includes each benchmark's method, tables and notes", () => {
    expect(rendered).toContain("### 1. Demo\n\nHow it was measured.");
    expect(rendered).toContain("**Ops**");
    expect(rendered).toContain("Note: A note.");
  });
});

describe("renderReport with a failed benchmark", () => {
  it("names the benchmark that could not run and its error", () => {
    const rendered = renderReport({
      startedAt: new Date(0),
      durationSeconds: 1,
      machineBefore: { nproc: 1, cpuModel: "x", memoryGiB: 1, node: "v20", platform: "Linux", loadAverage: [0, 0, 0] },
      loadAfter: [0, 0, 0],
      results: [],
      failures: [{ id: "mock-speed", message: "Error: boom" }],
    });
    expect(rendered).toContain("### mock-speed: could not run\n\n```text\nError: boom\n```");
  });
});

describe("replaceResults", () => {
  it("replaces only the text between the markers", () => {
    const readme = `# Title\n\nIntro.\n\n${resultsStart}\nold\n${resultsEnd}\n\n## Findings\n`;
    expect(replaceResults(readme, "new")).toBe(`# Title\n\nIntro.\n\n${resultsStart}\nnew\n${resultsEnd}\n\n## Findings\n`);
  });

  it("appends the block when the markers are missing", () => {
    expect(replaceResults("# Title\n", "new")).toBe(`# Title\n\n${resultsStart}\nnew\n${resultsEnd}\n`);
  });
});
