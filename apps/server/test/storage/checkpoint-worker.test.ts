import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const serverRoot = fileURLToPath(new URL("../..", import.meta.url));
const child = fileURLToPath(new URL("./checkpoint-worker-child.ts", import.meta.url));
/**
 * Far above what a scenario takes (a few seconds; more while the whole suite runs), below the tier's timeout: a hang
 * fails with the child's output.
 */
const DEADLINE_MS = 120_000;

/** Runs a scenario of checkpoint-worker-child.ts in a process of its own; resolves with how that process ended. */
function run(scenario: string): Promise<{ status: number | NodeJS.Signals | "hung"; out: string }> {
  const spawned = spawn(process.execPath, ["--import", "tsx", "--conditions=@petstore/source", child, scenario], {
    cwd: serverRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  spawned.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  spawned.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => {
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      spawned.kill("SIGKILL");
    }, DEADLINE_MS);
    spawned.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ status: hung ? "hung" : (code ?? signal!), out });
    });
  });
}

// libsql's binding panics when its thread is terminated inside one of its calls ("neon … external.rs:80: assertion
// left == right failed, left: PendingException"), which aborts the process. Node terminates a worker thread when
// `worker.terminate()` is called, and when the process exits with the worker still running.
describe.concurrent("the SQLite checkpoint worker", () => {
  it("is not ended inside libsql by a close early in its start, a failed start or open, a close mid-checkpoint or the process running out of work, and never holds the process", async () => {
    const { status, out } = await run("lifecycle");
    expect(status, out).toBe(0);
    expect(out.match(/^closed early-\d /gm), out).toHaveLength(8);
    expect(out.match(/^closed failed-\d: .*line 2 is not valid JSON/gm), out).toHaveLength(2);
    expect(out).toMatch(/^failed worker: \[@petstore\/server\] the checkpoint worker for .* ended; told 1 time\(s\)$/m);
    // The close waited for the checkpoint in progress to return instead of ending the worker inside it.
    expect(out).toMatch(/^closed mid-checkpoint in \d+ ms$/m);
    expect(out).toMatch(
      /^late stop: \[@petstore\/server\] the checkpoint worker for .* did not stop within 1 ms \(it had not started yet\); it is left to end on its own$/m,
    );
    expect(out).toMatch(/^exiting$/m);
  });

  it("is not ended inside libsql by process.exit while it waits inside a checkpoint", async () => {
    const { status, out } = await run("exit");
    expect(status, out).toBe(0);
    expect(out).toMatch(/^exiting$/m);
  });
});
