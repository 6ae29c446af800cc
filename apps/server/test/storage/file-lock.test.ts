import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createFileStore } from "../../src/store/file";

const dir = mkdtempSync(join(tmpdir(), "petstore-file-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const serverRoot = fileURLToPath(new URL("../..", import.meta.url));
const DEAD_PID = "2147483646"; // above pid_max: no process has it
let counter = 0;
const freshPath = () => join(dir, `pets-${++counter}.jsonl`);

describe("file store lock", () => {
  it("takes over a stale lock holding this process's own pid, as after a container restart", async () => {
    const path = freshPath();
    writeFileSync(`${path}.lock`, String(process.pid));
    const store = await createFileStore(path);
    await expect(createFileStore(path)).rejects.toThrow(/is already open in this process: close the other store first/);
    await store.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it("refuses a lock held by a running process and leaves it in place", async () => {
    const path = freshPath();
    writeFileSync(`${path}.lock`, String(process.ppid));
    await expect(createFileStore(path)).rejects.toThrow(`is in use by process ${process.ppid}. Stop it, or point PETSTORE_DATA_FILE`);
    expect(readFileSync(`${path}.lock`, "utf8")).toBe(String(process.ppid));
  });

  it("refuses a lock that holds no pid instead of guessing it is stale", async () => {
    for (const content of ["", "12ab"]) {
      const path = freshPath();
      writeFileSync(`${path}.lock`, content);
      await expect(createFileStore(path)).rejects.toThrow(/\.lock holds no process id .* If none does, delete .*\.lock and start again\./);
      expect(readFileSync(`${path}.lock`, "utf8")).toBe(content);
    }
  });

  it("does not delete on close a lock that another process has taken over since", async () => {
    const path = freshPath();
    const store = await createFileStore(path);
    writeFileSync(`${path}.lock`, DEAD_PID);
    await store.close();
    expect(readFileSync(`${path}.lock`, "utf8")).toBe(DEAD_PID);
    const again = await createFileStore(path); // and that lock, being stale, is taken over
    await again.close();
  });

  it("refuses, untouched, a stale lock whose takeover was interrupted by a crash", async () => {
    for (const remover of [DEAD_PID, String(process.pid)]) {
      const path = freshPath();
      writeFileSync(`${path}.lock`, DEAD_PID);
      writeFileSync(`${path}.lock.takeover`, remover);
      await expect(createFileStore(path)).rejects.toThrow(
        `.lock.takeover was left by process ${remover}, which crashed while taking over a stale lock. If no server uses ${path}, delete`,
      );
      expect(readFileSync(`${path}.lock`, "utf8")).toBe(DEAD_PID);
      expect(readFileSync(`${path}.lock.takeover`, "utf8")).toBe(remover);
    }
  });

  it("gives the lock to exactly one of four processes opening at once, with and without a stale lock", async () => {
    const racers = Array.from({ length: 4 }, () => startRacer());
    try {
      await Promise.all(racers.map((racer) => racer.send("close"))); // answered once each racer is up, so rounds really collide
      for (let round = 0; round < 8; round++) {
        const path = freshPath();
        if (round % 2 === 1) writeFileSync(`${path}.lock`, DEAD_PID);
        const at = Date.now() + 300;
        const answers = await Promise.all(racers.map((racer) => racer.send(`open ${path} ${at}`)));
        expect(answers.filter((answer) => answer === "got"), `round ${round}: ${answers.join(" | ")}`).toHaveLength(1);
        for (const answer of answers.filter((a) => a !== "got")) expect(answer).toMatch(/^refused .* is in use by process \d+/);
        await Promise.all(racers.map((racer) => racer.send("close")));
        // No lock, claim or takeover file is left beside the data file.
        expect(readdirSync(dir).filter((name) => name.startsWith(basename(path)))).toEqual([basename(path)]);
      }
    } finally {
      for (const racer of racers) racer.child.kill();
    }
  });
});

/** A child process running children/lock-racer.ts; `send` writes a command and resolves with its one-line answer. */
function startRacer(): { child: ChildProcess; send(command: string): Promise<string> } {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@petstore/source", "test/storage/children/lock-racer.ts"], {
    cwd: serverRoot,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const pending: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => pending.shift()?.(line));
  return {
    child,
    send: (command) =>
      new Promise((resolve) => {
        pending.push(resolve);
        child.stdin!.write(`${command}\n`);
      }),
  };
}
