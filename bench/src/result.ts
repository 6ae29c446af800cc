/** A table of measured numbers, rendered as Markdown in the README. */
export interface ResultTable {
  caption: string;
  columns: string[];
  /** How many leading columns hold text (left-aligned); the rest are numbers. Defaults to 1. */
  textColumns?: number;
  rows: (string | number)[][];
}

/** A target from the issue, checked against a measured value. */
export interface TargetCheck {
  /** What is compared, e.g. "SDK ops/s ÷ bare openapi-fetch ops/s". */
  name: string;
  /** Undefined when it could not be measured (`unavailable` says why). */
  measured?: number;
  /** Why there is no measurement, e.g. "entry not present". */
  unavailable?: string;
  /** The bound the measured value must meet. */
  limit: number;
  /** `min`: measured must be at least `limit`; `max`: at most. */
  kind: "min" | "max";
  unit: string;
}

/** Everything one benchmark reports. */
export interface BenchResult {
  id: string;
  title: string;
  /** How it was measured, in a sentence or two (methodology, placement on cores). */
  method: string;
  tables: ResultTable[];
  targets: TargetCheck[];
  notes: string[];
}

/** Whether a target is met; `n/a` when it could not be measured. */
export function targetMet(target: TargetCheck): "yes" | "no" | "n/a" {
  if (target.measured === undefined || !Number.isFinite(target.measured)) return "n/a";
  return (target.kind === "min" ? target.measured >= target.limit : target.measured <= target.limit) ? "yes" : "no";
}

/** A benchmark that could not run, with the first error line it printed. */
export interface BenchFailure {
  id: string;
  message: string;
}
