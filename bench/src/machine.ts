import { readFileSync } from "node:fs";
import os from "node:os";

/** The facts about the machine a benchmark result depends on. */
export interface MachineDescription {
  nproc: number;
  cpuModel: string;
  /** Clock of the first core as /proc/cpuinfo reports it, when it does. */
  cpuMHz?: number;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the description was taken. */
  loadAverage: [number, number, number];
}

/** Describe this machine: cores available to the process, CPU model, memory, Node version and load. */
export function describeMachine(): MachineDescription {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return {
    nproc: os.availableParallelism(),
    cpuModel: readCpuModel(),
    ...readCpuMHz(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: [one, five, fifteen],
  };
}

/** The `cpu MHz` line of /proc/cpuinfo (absent off Linux and on some virtual machines). */
function readCpuMHz(): { cpuMHz?: number } {
  try {
    const match = /^cpu MHz\s*:\s*([\d.]+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"));
    return match?.[1] ? { cpuMHz: Math.round(Number(match[1])) } : {};
  } catch {
    return {};
  }
}

/** The `model name` line of /proc/cpuinfo, falling back to what Node reports off Linux. */
function readCpuModel(): string {
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"));
    if (match?.[1]) return match[1].trim();
  } catch {
    // Not Linux: fall through to os.cpus().
  }
  return os.cpus()[0]?.model ?? "unknown";
}
