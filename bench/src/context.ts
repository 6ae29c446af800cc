import type { CpuPlacement } from "./internal/cpu-placement";

/** How a benchmark is run: full size or a tiny smoke run, and where its processes go. */
export interface BenchContext {
  /** `full` for recorded numbers; `quick` for tiny iteration counts (tests and smoke runs). */
  scale: "full" | "quick";
  /**
   * Cores of the load generator (this process, already pinned by the runner) and of the servers it
   * starts. Undefined: everything unpinned.
   */
  placement?: CpuPlacement;
}
