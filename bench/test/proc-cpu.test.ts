import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  findPostmaster,
  parseProcStat,
  processTree,
  processTreeCpuSeconds,
  processTreePids,
  type ProcStat,
  untilIdle,
} from "../src/internal/proc-cpu";

// A real line from this machine's /proc, with the command name made hostile: spaces and a ")" inside it.
const line = "4242 (node (worker) x) S 17 4242 17 0 -1 4194304 3307 0 0 0 250 40 7 3 20 0 11 0 1234 1 1 2 3 4 5";

describe("parseProcStat", () => {
  it("reads pid, ppid, utime, stime, cutime and cstime after the last parenthesis", () => {
    expect(parseProcStat(line)).toEqual({ pid: 4242, ppid: 17, utime: 250, stime: 40, cutime: 7, cstime: 3 });
  });

  it.each(["", "garbage", "12 (x) S 1 2"])("refuses %j", (text) => {
    expect(() => parseProcStat(text)).toThrow("[@petstore/bench]");
  });
});

describe("processTree", () => {
  const stat = (pid: number, ppid: number): ProcStat => ({ pid, ppid, utime: 0, stime: 0, cutime: 0, cstime: 0 });
  // 1 → 10 → 11 → 12, 1 → 20, and a self-parented 0 as the kernel shows it.
  const parents: [number, number][] = [
    [0, 0],
    [1, 0],
    [10, 1],
    [11, 10],
    [12, 11],
    [20, 1],
  ];
  const stats = new Map(parents.map(([pid, ppid]) => [pid, stat(pid, ppid)]));

  it("is the root and every descendant, not its siblings or parent", () => {
    expect(
      processTree(stats, 10)
        .map((s) => s.pid)
        .sort(),
    ).toEqual([10, 11, 12]);
    expect(
      processTree(stats, 0)
        .map((s) => s.pid)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 10, 11, 12, 20]);
    expect(processTree(stats, 99)).toEqual([]);
  });
});

/** Runs `inspect` on a `sh` whose child node has burnt `ms` of CPU time (CPU, not wall time: a busy machine only slows it). */
async function withBusyGrandchild<T>(ms: number, inspect: (shellPid: number) => T): Promise<T> {
  const burn = `const s=process.cpuUsage();for(;;){const u=process.cpuUsage(s);if((u.user+u.system)/1000>=${ms})break}console.log("done");setTimeout(()=>{},60000)`;
  const shell = spawn("sh", ["-c", `"${process.execPath}" -e '${burn}'; true`], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    await once(shell.stdout!, "data");
    return inspect(shell.pid!);
  } finally {
    // Killing the shell would leave its child running: end every process of the tree by its own pid.
    for (const pid of processTreePids(shell.pid!).reverse()) process.kill(pid, "SIGKILL");
  }
}

describe("processTreeCpuSeconds", () => {
  it("counts the CPU time of descendants, which the root's own stat line does not hold", async () => {
    const { tree, own } = await withBusyGrandchild(300, (shellPid) => ({
      tree: processTreeCpuSeconds(shellPid),
      own: Number(parseProcStat(readFileSync(`/proc/${shellPid}/stat`, "utf8")).utime) / 100,
    }));
    expect(tree).toBeGreaterThanOrEqual(0.25);
    expect(tree).toBeLessThan(30);
    expect(own).toBeLessThan(0.1);
  });

  it("names a process that does not exist", () => {
    expect(() => processTreeCpuSeconds(2 ** 22 + 17)).toThrow("no process");
  });
});

describe("untilIdle", () => {
  it("answers true once the trees are idle, and false for one that stays busy until the timeout", async () => {
    const sleeper = spawn("sleep", ["30"]);
    const spinner = spawn(process.execPath, ["-e", "for (;;);"]);
    try {
      expect(await untilIdle([sleeper.pid!])).toBe(true);
      const started = performance.now();
      expect(await untilIdle([sleeper.pid!, spinner.pid!], { timeoutMs: 600 })).toBe(false);
      expect(performance.now() - started).toBeGreaterThanOrEqual(600);
      spinner.kill();
      await once(spinner, "exit");
      // A tree that has exited counts as idle: it can take no core from the next run.
      expect(await untilIdle([sleeper.pid!, spinner.pid!])).toBe(true);
    } finally {
      sleeper.kill();
      spinner.kill();
    }
  });
});

describe("findPostmaster", () => {
  it("finds the process named postgres by the -p port on its command line, and only that port", async () => {
    const port = 50_000 + (process.pid % 10_000);
    const fake = spawn(
      "bash",
      ["-c", `exec -a postgres "${process.execPath}" -e 'console.log(1);setTimeout(()=>{},60000)' -- -p ${port}`],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    try {
      await once(fake.stdout!, "data");
      expect(findPostmaster(port)).toBe(fake.pid);
      expect(findPostmaster(port + 1)).toBeUndefined();
    } finally {
      fake.kill("SIGKILL");
    }
  });
});
