import { execFileSync } from "node:child_process";
import os from "node:os";

/** Which core the load generator and which the server under test run on, when they can be pinned. */
export interface CpuPlacement {
  loadGenerator: number;
  server: number;
}

/**
 * On a machine with at least two cores and `taskset`, put the load generator on core 0 and the
 * server on core 1, so neither steals the other's event loop. Returns undefined where pinning is
 * not possible; benchmarks then run unpinned and say so.
 */
export function cpuPlacement(): CpuPlacement | undefined {
  if (os.platform() !== "linux" || os.availableParallelism() < 2 || !hasTaskset()) return undefined;
  return { loadGenerator: 0, server: 1 };
}

/** Pin every thread of a running process to one core. */
export function pinProcess(pid: number, cpu: number): void {
  execFileSync("taskset", ["-a", "-p", "-c", String(cpu), String(pid)], { stdio: "ignore" });
}

/** Whether `taskset` (util-linux) is on the PATH. */
function hasTaskset(): boolean {
  try {
    execFileSync("taskset", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
