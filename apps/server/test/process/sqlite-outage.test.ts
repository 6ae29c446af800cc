import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, type ChildServer } from "../helpers/child";
import { expectAcknowledgedPets, startOutageTraffic, until, type OutageTraffic } from "../helpers/outage-traffic";

const serverRoot = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "petstore-sqlite-outage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LOOPS = 8;
const auth = { authorization: "Bearer k" };

/** Waits for `count` more creates to succeed; on a timeout, says what the loops saw. */
async function more(server: ChildServer, traffic: OutageTraffic, count: number, ms?: number): Promise<void> {
  const target = traffic.acknowledged.length + count;
  await until(`${count} more creates succeed`, () => traffic.acknowledged.length >= target, ms).catch(
    (error: Error) => {
      throw new Error(
        `${error.message} (${traffic.acknowledged.length}/${target}); unexpected answers: ${traffic.unexpected.join(" | ")}; server log: ${server.stderr().slice(-2000)}`,
      );
    },
  );
}

/** A list and the health check, answered while the outage lasts: the server is not stuck waiting on the disk. */
async function expectReadsAnswer(server: ChildServer): Promise<void> {
  const list = await fetch(`${server.baseUrl}/pets?limit=5`, { headers: auth });
  expect(list.status).toBe(200);
  expect(await list.json()).toHaveLength(5);
  expect((await fetch(`${new URL(server.baseUrl).origin}/healthz`)).status).toBe(200);
}

describe("SQLite outages under idempotent creates", () => {
  it("another process holding the write lock: reads go on, creates get 503s, service resumes when it lets go", async () => {
    const data = join(dir, "locked");
    const server = await spawnServer({ PETSTORE_API_KEYS: "k", PETSTORE_DATA_DIR: data, LOG_LEVEL: "warn" });
    const traffic = startOutageTraffic(server.baseUrl, LOOPS);
    try {
      await more(server, traffic, 32);
      // As `sqlite3 petstore.db 'BEGIN EXCLUSIVE; …'` would: this test process takes the write lock between two of
      // the server's commits (it takes the lock again at once: retry until it wins) and keeps it.
      const other = new Database(join(data, "petstore.db"), { timeout: 0 });
      for (const deadline = Date.now() + 10_000; ; ) {
        try {
          other.exec("BEGIN EXCLUSIVE");
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
        }
      }
      try {
        const unavailableBefore = traffic.unavailable;
        // While the lock is held, reads answer at once: before any create has given up waiting for the lock (5 s).
        // SQLite's own busy_timeout would wait inside the call, and hold up the whole process until then.
        await expectReadsAnswer(server);
        expect(traffic.unavailable, "creates refused before a list was answered").toBe(unavailableBefore);
        // The creates get 503s with Retry-After once they have waited long enough.
        await until("the creates get 503s", () => traffic.unavailable >= unavailableBefore + LOOPS, 30_000);
        await expectReadsAnswer(server);
      } finally {
        other.exec("COMMIT");
        other.close();
      }
      // The clients' retries succeed again without anyone touching the server.
      await more(server, traffic, 32, 15_000);
    } finally {
      traffic.stop = true;
      await traffic.done;
    }
    expect(traffic.unexpected).toEqual([]);
    expect(server.child.exitCode, server.stderr()).toBeNull();
    await expectAcknowledgedPets(server.baseUrl, traffic.acknowledged, { exactly: true });
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.stderr()).not.toMatch(/Unhandled|uncaught|\n\s+at /i);
  });

  // A private mount namespace holds a 4 MiB tmpfs on `disk` for the test's length: the server runs in it (nsenter),
  // and the test fills and frees that disk through /proc/<pid>/root. Both vanish when the holder exits.
  const disk = join(dir, "disk");
  const probe = spawnSync("unshare", ["--mount", "sh", "-c", `mount -t tmpfs -o size=64k probe "${dir}"`], {
    encoding: "utf8",
  });
  const unavailable = probe.error ? String(probe.error) : probe.status !== 0 ? probe.stderr.trim() : undefined;

  it("the disk filling up mid-traffic: 503s, never a 500, no acknowledged pet lost, service resumes once freed", async (context) => {
    if (unavailable) return context.skip(`cannot mount a small tmpfs to fill (${unavailable}); needs root on Linux`);
    rmSync(disk, { recursive: true, force: true });
    mkdirSync(disk, { recursive: true });
    // Ends (and the namespace with it) when its stdin closes: when the test ends, or its process dies.
    const holder = spawn(
      "unshare",
      ["--mount", "sh", "-c", 'mount -t tmpfs -o size=4m petstore-outage "$0" && echo mounted && read _', disk],
      { stdio: ["pipe", "pipe", "pipe"] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.once("data", () => resolve());
        holder.once("exit", (code) => reject(new Error(`the tmpfs holder exited (${code})`)));
      });
      const onDisk = `/proc/${holder.pid}/root${disk}`;
      const env = { PETSTORE_API_KEYS: "k", PETSTORE_DATA_DIR: join(disk, "data"), LOG_LEVEL: "warn" };
      // Entering a mount namespace moves to its root folder: --wd keeps the server's own.
      const prefix = ["nsenter", `--target=${holder.pid}`, "--mount", `--wd=${serverRoot}`, "--"];
      const server = await spawnServer(env, { prefix });
      const traffic = startOutageTraffic(server.baseUrl, LOOPS);
      try {
        await more(server, traffic, 32);
        const unavailableBefore = traffic.unavailable;
        const filler = openSync(`${onDisk}/filler`, "w");
        try {
          const chunk = Buffer.alloc(64 * 1024);
          for (;;) writeSync(filler, chunk);
        } catch (error) {
          expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
        } finally {
          closeSync(filler);
        }
        await until("the creates get 503s", () => traffic.unavailable >= unavailableBefore + LOOPS, 30_000);
        await expectReadsAnswer(server);
        rmSync(`${onDisk}/filler`);
        await more(server, traffic, 32, 15_000);
      } finally {
        traffic.stop = true;
        await traffic.done;
      }
      expect(traffic.unexpected).toEqual([]);
      server.child.kill("SIGTERM");
      expect(await server.exited, server.stderr()).toBe(0);
      expect(server.stderr()).not.toMatch(/Unhandled|uncaught|\n\s+at /i);

      // A new process on the same disk reads every acknowledged pet back, and no other.
      const again = await spawnServer(env, { prefix });
      try {
        await expectAcknowledgedPets(again.baseUrl, traffic.acknowledged, { exactly: true });
      } finally {
        again.child.kill("SIGTERM");
        expect(await again.exited).toBe(0);
      }
    } finally {
      holder.stdin.end();
      holder.kill();
    }
  });
});
