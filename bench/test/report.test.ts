import { describe, expect, it } from "vitest";
import { markers, renderResults, renderTable, renderTargets, replaceBlock, type RunReport } from "../src/report";
import { targetMet, type BenchResult } from "../src/result";

const result: BenchResult = {
  id: "demo",
  title: "1. Demo",
  method: "How it was measured.",
  tables: [{ caption: "Ops", columns: ["case", "ops/s"], rows: [["a | b", 10]] }],
  targets: [
    { name: "ratio", measured: 0.8, limit: 0.85, kind: "min", unit: "×" },
    { name: "size", measured: 4321.4, limit: 5000, kind: "max", unit: "B" },
    { name: "setup", measured: 4.96, limit: 5, kind: "max", unit: "ms" },
    { name: "`/raw` min+gzip", unavailable: "entry not present", limit: 5000, kind: "max", unit: "B" },
  ],
  notes: ["A note."],
};

const quiet: RunReport = {
  startedAt: new Date("2025-01-02T03:04:05Z"),
  durationSeconds: 12.4,
  machineBefore: {
    nproc: 2,
    cpuModel: "Test CPU",
    cpuMHz: 2445,
    memoryGiB: 3.8,
    node: "v20.20.2",
    platform: "Linux",
    loadAverage: [0.1, 0.2, 0.3],
  },
  loadAfter: [0.4, 2, 3],
  results: [result],
};

describe("targetMet", () => {
  it.each([
    ["min", 0.85, 0.85, "yes"],
    ["min", 0.84, 0.85, "no"],
    ["max", 1.1, 1.1, "yes"],
    ["max", 1.11, 1.1, "no"],
    ["max", undefined, 1.1, "n/a"],
    ["min", Number.NaN, 1, "n/a"],
  ] as const)("%s target: measured %d against %d → %s", (kind, measured, limit, met) => {
    expect(targetMet({ name: "", ...(measured === undefined ? {} : { measured }), limit, kind, unit: "×" })).toBe(met);
  });
});

describe("renderTable", () => {
  it("renders a captioned Markdown table with escaped pipes and right-aligned number columns", () => {
    expect(renderTable(result.tables[0]!)).toBe("**Ops**\n\n| case | ops/s |\n|---|--:|\n| a \\| b | 10 |");
  });
});

describe("renderTargets", () => {
  const rendered = renderTargets(quiet);

  it("names the run and the load average before and after", () => {
    expect(rendered.split("\n")[0]).toBe(
      "Run 2025-01-02T03:04:05.000Z (`pnpm bench`, 12 s), 2 cores, Node v20.20.2. Load average (1/5/15 min) before: 0.10 / 0.20 / 0.30; after: 0.40 / 2.00 / 3.00.",
    );
  });

  it("has one row per target: the bound, what was measured with its unit, and whether it is met", () => {
    expect(rendered).toContain("| benchmark | target | measured | met |\n|---|---|--:|--:|");
    expect(rendered).toContain("| 1. Demo | ratio ≥ 0.85× | 0.80× | **no** |");
    expect(rendered).toContain("| 1. Demo | size ≤ 5,000 B | 4,321 B | yes |");
    expect(rendered).toContain("| 1. Demo | setup ≤ 5.0 ms | 5.0 ms | yes |");
  });

  it("says n/a and why for a target that could not be measured, instead of failing the run", () => {
    expect(rendered).toContain("| 1. Demo | `/raw` min+gzip ≤ 5,000 B | n/a — entry not present | n/a |");
  });

  it("warns when the load average shows a busy machine, before or after", () => {
    expect(rendered).not.toContain("busy");
    expect(renderTargets({ ...quiet, loadAfter: [3.5, 2, 1] })).toContain(
      "The machine was busy with other work during this run",
    );
  });

  it("lists benchmarks that could not run", () => {
    expect(renderTargets({ ...quiet, failures: [{ id: "mock-speed", message: "Error: `x` boom" }] })).toContain(
      "**mock-speed could not run:** `Error: 'x' boom`",
    );
  });
});

describe("renderResults", () => {
  const rendered = renderResults(quiet);

  it("describes the machine and the load before and after", () => {
    expect(rendered).toContain("| `nproc` | 2 |");
    expect(rendered).toContain("| CPU (/proc/cpuinfo) | Test CPU, 2445 MHz |");
    expect(rendered).toContain("| memory | 3.8 GiB |");
    expect(rendered).toContain("| Node | v20.20.2 |");
    expect(rendered).toContain("before | 0.10 / 0.20 / 0.30 |");
    expect(rendered).toContain("after | 0.40 / 2.00 / 3.00 |");
  });

  it("includes each benchmark's method, tables and notes", () => {
    expect(rendered).toContain("### 1. Demo\n\nHow it was measured.");
    expect(rendered).toContain("**Ops**");
    expect(rendered).toContain("Note: A note.");
  });

  it("names the benchmark that could not run and its error", () => {
    expect(
      renderResults({ ...quiet, results: [], failures: [{ id: "mock-speed", message: "Error: boom" }] }),
    ).toContain("### mock-speed: could not run\n\n```text\nError: boom\n```");
  });
});

describe("replaceBlock", () => {
  const { targets, results } = markers;
  const readme = `# Title\n\nIntro.\n\n${targets.start}\nold targets\n${targets.end}\n\n## Findings\n\n${results.start}\nold\n${results.end}\n`;

  it("replaces only the text between one pair of markers", () => {
    const once = replaceBlock(readme, "results", "new");
    expect(once).toBe(readme.replace("\nold\n", "\nnew\n"));
    expect(replaceBlock(once, "targets", "T")).toBe(readme.replace("\nold\n", "\nnew\n").replace("old targets", "T"));
  });

  it("puts a missing targets block under the title and a missing results block at the end", () => {
    expect(replaceBlock("# Title\nIntro.\n", "targets", "T")).toBe(
      `# Title\n\n${targets.start}\nT\n${targets.end}\n\nIntro.\n`,
    );
    expect(replaceBlock("# Title\n", "results", "new")).toBe(`# Title\n\n${results.start}\nnew\n${results.end}\n`);
  });
});
