import { execFile } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageDir } from "../helpers/typescript";

const tsx = join(packageDir, "..", "..", "node_modules", ".bin", "tsx");
const script = join(packageDir, "test", "fixtures", "abandon-slow-request.ts");
const forgotten = join(packageDir, "test", "fixtures", "forgotten-slow-request.ts");

/** Runs the fixture; resolves with its output once the process has exited by itself, or rejects after `limitMs`. */
function runUntilExit(
  mode: string,
  limitMs: number,
  fixture = script,
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      tsx,
      ["--conditions=@petstore/source", fixture, mode],
      { cwd: packageDir, timeout: limitMs, killSignal: "SIGKILL" },
      (error, stdout, stderr) => {
        if (error && child.killed)
          reject(
            new Error(
              `the process was still alive after ${limitMs} ms (a delay outlived the aborted request); output: ${stdout} ${stderr}`,
            ),
          );
        else resolve({ code: child.exitCode, stdout });
      },
    );
  });
}

// The delays are 10 minutes (slow) and "infinite" (latency), the limit 60 s: a timer left behind by the aborted request
// keeps the process alive far past the limit, however loaded the machine is.
describe("a delayed answer ends when the SDK aborts the request", () => {
  it.each(["slow", "latency"])(
    "%s: the SDK throws TimeoutError and the process exits at once",
    { timeout: 90_000 },
    async (mode) => {
      const { code, stdout } = await runUntilExit(mode, 60_000);
      expect(stdout.trim()).toBe("TimeoutError");
      expect(code).toBe(0);
    },
  );
});

describe("server.close() ends the delays of requests nobody waits for", () => {
  it.each([
    ["slow", "setupServer with a 10-minute slow scenario"],
    ["latency", 'setupServer with latency "infinite"'],
    ["http", "startPetstoreMockServer with a 10-minute slow scenario"],
  ])("%s: %s, closed, lets the process exit at once", { timeout: 90_000 }, async (mode) => {
    const { code, stdout } = await runUntilExit(mode, 60_000, forgotten);
    expect(stdout.trim()).toBe("closed");
    expect(code).toBe(0);
  });
});
