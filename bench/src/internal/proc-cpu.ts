import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** The fields of one `/proc/<pid>/stat` line that CPU accounting needs; times in clock ticks. */
export interface ProcStat {
  pid: number;
  ppid: number;
  /** User and system time of the process itself (all its threads). */
  utime: number;
  stime: number;
  /** User and system time of its children that have exited and been waited for. */
  cutime: number;
  cstime: number;
}

/**
 * Parses a `/proc/<pid>/stat` line (proc(5)). The command name, field 2, is in parentheses and may itself contain
 * spaces and parentheses, so the numeric fields are read after the last `)`.
 */
export function parseProcStat(line: string): ProcStat {
  const open = line.indexOf("(");
  const close = line.lastIndexOf(")");
  if (open < 1 || close < open)
    throw new Error(`[@petstore/bench] not a /proc/<pid>/stat line: ${JSON.stringify(line.slice(0, 80))}`);
  // After ") ": field 3 (state) is rest[0], so field n is rest[n - 3].
  const rest = line
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const field = (n: number): number => {
    const value = Number(rest[n - 3]);
    if (!Number.isInteger(value))
      throw new Error(
        `[@petstore/bench] /proc stat field ${n} is not a number in ${JSON.stringify(line.slice(0, 80))}`,
      );
    return value;
  };
  return {
    pid: Number(line.slice(0, open).trim()),
    ppid: field(4),
    utime: field(14),
    stime: field(15),
    cutime: field(16),
    cstime: field(17),
  };
}

let ticksPerSecond: number | undefined;

/** Clock ticks per second (`getconf CLK_TCK`, 100 on every Linux we know of), the unit of /proc times. */
function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Every process's stat line now, by pid; processes that vanish while being read are left out. */
function readAllStats(): Map<number, ProcStat> {
  const stats = new Map<number, ProcStat>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseProcStat(readFileSync(`/proc/${entry}/stat`, "utf8"));
      stats.set(stat.pid, stat);
    } catch {
      // Exited between readdir and read.
    }
  }
  return stats;
}

/** `root` and every live descendant of it in `stats`. */
export function processTree(stats: ReadonlyMap<number, ProcStat>, root: number): ProcStat[] {
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats.values()) {
    const siblings = children.get(stat.ppid) ?? [];
    siblings.push(stat);
    children.set(stat.ppid, siblings);
  }
  const rootStat = stats.get(root);
  if (!rootStat) return [];
  const tree = [rootStat];
  const seen = new Set([root]);
  for (let i = 0; i < tree.length; i++) {
    for (const child of children.get(tree[i]!.pid) ?? []) {
      // pid 0's "children" include pid 0 itself on some kernels: never loop.
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      tree.push(child);
    }
  }
  return tree;
}

/**
 * CPU seconds a process tree has used so far: its own time and that of its live descendants (a server that spawns
 * its real server, as Prism's launcher does, or PostgreSQL's backends), plus the time of children already reaped.
 * Take it before and after a run; the difference is what the tree spent on the run.
 */
export function processTreeCpuSeconds(root: number): number {
  const tree = processTree(readAllStats(), root);
  if (tree.length === 0) throw new Error(`[@petstore/bench] no process ${root} to read CPU time of`);
  return ticksToSeconds(tree.reduce((sum, stat) => sum + stat.utime + stat.stime + stat.cutime + stat.cstime, 0));
}

/** Clock ticks as seconds. */
export function ticksToSeconds(ticks: number): number {
  return ticks / clockTicksPerSecond();
}

/** The pid of the PostgreSQL postmaster listening on `port` (its command line has `-p <port>`), if it runs here. */
export function findPostmaster(port: number): number | undefined {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    if (!/(^|\/)postgres$/.test(argv[0] ?? "")) continue;
    const flag = argv.indexOf("-p");
    if (flag !== -1 && argv[flag + 1] === String(port)) return Number(entry);
  }
  return undefined;
}

/** Every pid of a process tree, for pinning a server and the helpers it already started. */
export function processTreePids(root: number): number[] {
  return processTree(readAllStats(), root).map((stat) => stat.pid);
}

/**
 * Resolves once the process trees of `roots` (those still running) together used at most `share` of a core over
 * `windowMs`, or after `timeoutMs`; answers whether they went idle. A load run that starts while a server still
 * works off the last run's requests, or a database still writes after it, meets a busy core and is charged for it.
 */
export async function untilIdle(
  roots: readonly number[],
  { share = 0.05, windowMs = 200, timeoutMs = 10_000 }: { share?: number; windowMs?: number; timeoutMs?: number } = {},
): Promise<boolean> {
  const used = () => {
    const stats = readAllStats();
    const ticks = roots
      .flatMap((root) => processTree(stats, root))
      .reduce((sum, stat) => sum + stat.utime + stat.stime + stat.cutime + stat.cstime, 0);
    return ticksToSeconds(ticks);
  };
  const deadline = performance.now() + timeoutMs;
  for (let before = used(); performance.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = used();
    if (now - before <= (share * windowMs) / 1000) return true;
    before = now;
  }
  return false;
}
