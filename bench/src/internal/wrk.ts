import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { LoadTarget } from "./load";
import { parseProcStat, ticksToSeconds } from "./proc-cpu";

const execFileAsync = promisify(execFile);

/** What wrk printed about one run, in the units the tables use. */
export interface WrkSummary {
  /** Completed requests (any status). */
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyMedianMs: number;
  latencyP99Ms: number;
  /** Responses with a status of 400 or more (wrk's "Non-2xx or 3xx responses" line). */
  errorStatuses: number;
  /** connect, read, write and timeout errors, added up. */
  socketErrors: number;
}

const timeUnits: Record<string, number> = { us: 0.001, ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** A wrk duration such as `152.00us`, `3.14ms`, `1.02s` or `1.00m`, in milliseconds. */
export function parseWrkTime(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  if (!match) throw new Error(`[@petstore/bench] not a wrk time: ${JSON.stringify(text)}`);
  return Number(match[1]) * timeUnits[match[2]!]!;
}

/** Parses the report of `wrk --latency` (wrk 4.x); throws, quoting the output, when a line it needs is missing. */
export function parseWrkOutput(output: string): WrkSummary {
  const need = (pattern: RegExp, what: string): RegExpExecArray => {
    const match = pattern.exec(output);
    if (!match) throw new Error(`[@petstore/bench] wrk printed no ${what}:\n${output.trim()}`);
    return match;
  };
  const total = need(/^\s*(\d+) requests in ([\d.]+(?:us|ms|s|m|h)),/m, "request count");
  const requests = Number(total[1]);
  const durationSeconds = parseWrkTime(total[2]!) / 1000;
  const perSecond = need(/^Requests\/sec:\s+([\d.]+)/m, "Requests/sec line");
  // wrk pads a unit shorter than two letters with a space ("1.51s "), so lines may end in blanks.
  const p50 = need(/^\s*50%\s+([\d.]+(?:us|ms|s|m|h))[ \t]*$/m, "latency distribution (run it with --latency)");
  const p99 = need(/^\s*99%\s+([\d.]+(?:us|ms|s|m|h))[ \t]*$/m, "99th percentile");
  const errorStatuses = Number(/^\s*Non-2xx or 3xx responses: (\d+)/m.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1, 5).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requests,
    durationSeconds,
    requestsPerSecond: Number(perSecond[1]),
    latencyMedianMs: parseWrkTime(p50[1]!),
    latencyP99Ms: parseWrkTime(p99[1]!),
    errorStatuses,
    socketErrors,
  };
}

/** Where wrk is, or why it cannot be had. */
export type WrkAvailability = { ok: true } | { ok: false; reason: string };

function hasWrk(): boolean {
  try {
    execFileSync("sh", ["-c", "command -v wrk"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure Debian's `wrk` is installed: when it is missing and we are root, installs it with apt-get under
 * /tmp/petstore-apt.lock (other sessions may run apt at the same time), refreshing the package lists once if the
 * first try fails. Never throws: says why wrk cannot be had instead.
 */
export function ensureWrk(log: (line: string) => void = () => undefined): WrkAvailability {
  if (hasWrk()) return { ok: true };
  if (os.platform() !== "linux" || process.getuid?.() !== 0)
    return {
      ok: false,
      reason: "wrk is not installed and this is not root on Linux, so it cannot be installed with apt-get",
    };
  const apt = (args: string) =>
    execFileSync("sh", ["-c", `flock /tmp/petstore-apt.lock apt-get ${args}`], {
      stdio: "pipe",
      timeout: 300_000,
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  log("[@petstore/bench] installing wrk: flock /tmp/petstore-apt.lock apt-get install -y wrk");
  try {
    apt("install -y -qq wrk");
  } catch {
    try {
      apt("update -qq");
      apt("install -y -qq wrk");
    } catch (error) {
      return {
        ok: false,
        reason: `apt-get install -y wrk failed: ${String(
          (error as { stderr?: Buffer }).stderr ?? (error as Error).message,
        )
          .trim()
          .split("\n")
          .at(-1)}`,
      };
    }
  }
  return hasWrk() ? { ok: true } : { ok: false, reason: "apt-get installed wrk but it is not on the PATH" };
}

/** One wrk run: target, connections, duration, and the core wrk is pinned to. */
export interface WrkOptions extends LoadTarget {
  connections: number;
  durationSeconds: number;
  /** wrk threads. Defaults to 1 (one core for the load generator). */
  threads?: number;
  /** Core to pin wrk to (taskset); undefined: unpinned. */
  cpu?: number;
  /** When set, every request sends its own `Idempotency-Key: <prefix><n>`. Defaults to none. */
  idempotencyKeyPrefix?: string;
}

/** A wrk run: its report and the CPU seconds wrk itself used. */
export interface WrkResult extends WrkSummary {
  loadGeneratorCpuSeconds: number;
}

/** A Lua long string that cannot be closed early by `text`. */
function luaString(text: string): string {
  let level = "";
  while (text.includes(`]${level}]`)) level += "=";
  return `[${level}[${text}]${level}]`;
}

/** The wrk script for a method and body (headers go on the command line), and a new idempotency key per request. */
export function wrkScript(target: LoadTarget & { idempotencyKeyPrefix?: string }): string {
  const lines = [`wrk.method = ${luaString(target.method ?? "GET")}`];
  if (target.body !== undefined) lines.push(`wrk.body = ${luaString(target.body)}`);
  if (target.idempotencyKeyPrefix !== undefined)
    lines.push(
      "local sent = 0",
      "request = function()",
      "  sent = sent + 1",
      `  wrk.headers["Idempotency-Key"] = ${luaString(target.idempotencyKeyPrefix)} .. sent`,
      "  return wrk.format()",
      "end",
    );
  return `${lines.join("\n")}\n`;
}

/**
 * Runs wrk and measures its own CPU time: wrk runs under a `sh` whose `/proc/<pid>/stat` afterwards holds the time
 * of its reaped child (cutime + cstime), which is exactly wrk's, read with a shell builtin so nothing else counts.
 */
export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "petstore-bench-wrk-"));
  try {
    const script = path.join(dir, "request.lua");
    writeFileSync(script, wrkScript(options));
    const args = [
      `-t${options.threads ?? 1}`,
      `-c${options.connections}`,
      `-d${options.durationSeconds}s`,
      "--timeout",
      "10s",
      "--latency",
      "-s",
      script,
      ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
      options.url,
    ];
    const wrapper = 'wrk "$@"; status=$?; read -r stat < /proc/$$/stat; echo "WRK-SHELL-STAT $stat"; exit $status';
    const command = ["sh", "-c", wrapper, "sh", ...args];
    const [file, ...rest] = options.cpu === undefined ? command : ["taskset", "-c", String(options.cpu), ...command];
    let stdout: string;
    try {
      ({ stdout } = await execFileAsync(file!, rest, {
        timeout: (options.durationSeconds + 60) * 1000,
        maxBuffer: 1024 * 1024,
      }));
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(
        `[@petstore/bench] wrk failed on ${options.url}: ${(failure.stderr || failure.stdout || failure.message).trim()}`,
      );
    }
    const statLine = /^WRK-SHELL-STAT (.*)$/m.exec(stdout)?.[1];
    if (!statLine) throw new Error(`[@petstore/bench] wrk's CPU time was not reported:\n${stdout}`);
    const shell = parseProcStat(statLine);
    return { ...parseWrkOutput(stdout), loadGeneratorCpuSeconds: ticksToSeconds(shell.cutime + shell.cstime) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
