import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createFileStore } from "../../src/store/file";

const dir = mkdtempSync(join(tmpdir(), "petstore-file-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const serverRoot = fileURLToPath(new URL("../..", import.meta.url));
let counter = 0;
const freshPath = () => join(dir, `pets-${++counter}.jsonl`);
const filesOf = (path: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith(basename(path)))
    .sort();
const inUse = (path: string, pid: number) =>
  `[@petstore/server] ${path} is in use by another server (pid ${pid} on host ${hostname()}, started `;

describe("file store lock (flock)", () => {
  it("takes over a lock file nobody holds, whatever pid it names (pid 1, our own, none), and removes it on close", async () => {
    for (const content of ["1", String(process.pid), "", "12ab", "pid 7 on host elsewhere, started yesterday"]) {
      const path = freshPath();
      writeFileSync(`${path}.lock`, content);
      const store = await createFileStore(path);
      expect(readFileSync(`${path}.lock`, "utf8")).toMatch(
        new RegExp(`^pid ${process.pid} on host .+, started \\d{4}-`),
      );
      await store.close();
      expect(filesOf(path)).toEqual([basename(path)]);
    }
  });

  it("refuses a second store on the same file in this process", async () => {
    const path = freshPath();
    const store = await createFileStore(path);
    await expect(createFileStore(path)).rejects.toThrow(/is already open in this process: close the other store first/);
    await store.close();
  });

  it("refuses, in one line naming the holder, while another process holds the file, and frees it the moment that process is killed", async () => {
    const path = freshPath();
    const holder = startRacer();
    try {
      expect(await holder.send(`open ${path} 0`)).toBe("got");
      const lock = readFileSync(`${path}.lock`, "utf8");
      const refusal = await createFileStore(path).then(
        () => "opened",
        (error: Error) => error.message,
      );
      expect(refusal.startsWith(inUse(path, holder.child.pid!))).toBe(true);
      expect(refusal).toMatch(/\)\. Stop it, or point PETSTORE_DATA_FILE at another file\.$/);
      expect(refusal).not.toContain("\n");
      expect(readFileSync(`${path}.lock`, "utf8")).toBe(lock);
      holder.child.kill("SIGKILL"); // no chance to clean up: the kernel drops its lock
      await new Promise((resolve) => holder.child.once("exit", resolve));
      const store = await createFileStore(path);
      await store.close();
    } finally {
      holder.child.kill("SIGKILL");
    }
  });

  it("keeps a lock file that was replaced while the store was open", async () => {
    const path = freshPath();
    const store = await createFileStore(path);
    unlinkSync(`${path}.lock`);
    writeFileSync(`${path}.lock`, "someone else's");
    await store.close();
    expect(readFileSync(`${path}.lock`, "utf8")).toBe("someone else's");
  });

  it("gives the lock to exactly one of four processes opening at once, and leaves no file behind", async () => {
    const racers = Array.from({ length: 4 }, () => startRacer());
    try {
      await Promise.all(racers.map((racer) => racer.send("close"))); // answered once each racer is up, so rounds really collide
      for (let round = 0; round < 8; round++) {
        const path = freshPath();
        if (round % 2 === 1) writeFileSync(`${path}.lock`, "1");
        const at = Date.now() + 300;
        const answers = await Promise.all(racers.map((racer) => racer.send(`open ${path} ${at}`)));
        expect(
          answers.filter((answer) => answer === "got"),
          `round ${round}: ${answers.join(" | ")}`,
        ).toHaveLength(1);
        for (const answer of answers.filter((a) => a !== "got"))
          expect(answer).toMatch(/^refused .* is in use by another server \(/);
        await Promise.all(racers.map((racer) => racer.send("close")));
        expect(filesOf(path)).toEqual([basename(path)]);
      }
    } finally {
      for (const racer of racers) racer.child.kill();
    }
  });

  it("is not left behind when the store cannot open the data file", async () => {
    const path = freshPath();
    writeFileSync(path, "not a petstore file\n");
    await expect(createFileStore(path)).rejects.toThrow(/is not a petstore data file/);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});

/** A child process running children/lock-racer.ts; `send` writes a command and resolves with its one-line answer. */
function startRacer(): { child: ChildProcess; send(command: string): Promise<string> } {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=@petstore/source", "test/storage/children/lock-racer.ts"],
    {
      cwd: serverRoot,
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
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
