import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquirePidLock } from "../../src/store/pid-lock";

// The lock used where the `flock` command is missing (file-lock.test.ts covers the flock one through the store).
const dir = mkdtempSync(join(tmpdir(), "petstore-pid-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DEAD_PID = "2147483646"; // above pid_max: no process has it
let counter = 0;
const freshPath = () => join(dir, `pets-${++counter}.jsonl`);

describe("pid lock (no flock command)", () => {
  it("takes over a stale lock holding this process's own pid, as after a container restart, and removes it on release", () => {
    const path = freshPath();
    writeFileSync(`${path}.lock`, String(process.pid));
    const release = acquirePidLock(path);
    expect(readFileSync(`${path}.lock`, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it("refuses a lock held by a running process and leaves it in place", () => {
    const path = freshPath();
    writeFileSync(`${path}.lock`, String(process.ppid));
    expect(() => acquirePidLock(path)).toThrow(
      `is in use by process ${process.ppid}. Stop it, or point PETSTORE_DATA_FILE`,
    );
    expect(readFileSync(`${path}.lock`, "utf8")).toBe(String(process.ppid));
  });

  it("refuses a lock that holds no pid instead of guessing it is stale", () => {
    for (const content of ["", "12ab"]) {
      const path = freshPath();
      writeFileSync(`${path}.lock`, content);
      expect(() => acquirePidLock(path)).toThrow(
        /\.lock holds no process id .* If none does, delete .*\.lock and start again\./,
      );
      expect(readFileSync(`${path}.lock`, "utf8")).toBe(content);
    }
  });

  it("does not delete on release a lock that another process has taken over since", () => {
    const path = freshPath();
    const release = acquirePidLock(path);
    writeFileSync(`${path}.lock`, DEAD_PID);
    release();
    expect(readFileSync(`${path}.lock`, "utf8")).toBe(DEAD_PID);
    acquirePidLock(path)(); // and that lock, being stale, is taken over
  });

  it("refuses, untouched, a stale lock whose takeover was interrupted by a crash", () => {
    for (const remover of [DEAD_PID, String(process.pid)]) {
      const path = freshPath();
      writeFileSync(`${path}.lock`, DEAD_PID);
      writeFileSync(`${path}.lock.takeover`, remover);
      expect(() => acquirePidLock(path)).toThrow(
        `.lock.takeover was left by process ${remover}, which crashed while taking over a stale lock. If no server uses ${path}, delete`,
      );
      expect(readFileSync(`${path}.lock`, "utf8")).toBe(DEAD_PID);
      expect(readFileSync(`${path}.lock.takeover`, "utf8")).toBe(remover);
    }
  });
});
