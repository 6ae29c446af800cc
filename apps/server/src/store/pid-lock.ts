import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";

/** How often to look again while another process takes over a stale lock (it needs microseconds; this allows a slow machine 1 s). */
const ATTEMPTS = 200;
const PAUSE_MS = 5;

/**
 * The lock for systems without `flock` (see lock-file.ts): takes `<data file>.lock` holding our pid.
 * The pid is written to a private file first and then hard-linked to the lock path, which fails if the
 * lock exists: a lock is never seen half-written. A lock whose process no longer runs (e.g. after
 * kill -9) is taken over. Pids mean nothing across PID namespaces, so this cannot guard a file shared by
 * two containers. Returns the release function.
 */
export function acquirePidLock(path: string): () => void {
  const lockPath = `${path}.lock`;
  const claim = writeClaim(lockPath);
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (tryLink(claim, lockPath)) return releaser(lockPath);
      const owner = readOwner(path, lockPath);
      if (owner === undefined) continue; // released between our link and our read: try again
      if (owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `[@petstore/server] ${path} is in use by process ${owner}. Stop it, or point PETSTORE_DATA_FILE at another file.`,
        );
      }
      if (!removeStale(path, lockPath, claim, owner)) pause();
    }
  } finally {
    unlinkSync(claim);
  }
  throw new Error(
    `[@petstore/server] could not lock ${path}: other processes kept taking the lock over. Start the server again.`,
  );
}

/**
 * Deletes a lock judged stale, under `<lock>.takeover` (taken the same way as the lock) so that only one
 * process at a time does it: without it, a second starter could delete the lock a first one had just
 * taken, and both would run. Under the takeover lock the stale lock cannot change (its owner is dead and
 * every other remover waits), so reading it again and deleting it is safe. Returns false when another
 * process is taking over and the caller should wait.
 */
function removeStale(path: string, lockPath: string, claim: string, owner: number): boolean {
  const takeoverPath = `${lockPath}.takeover`;
  if (!tryLink(claim, takeoverPath)) {
    const remover = readOwner(path, takeoverPath);
    // Taking over is synchronous, so a takeover lock with our own pid, or a dead one, was left by a crash.
    if (remover !== undefined && (remover === process.pid || !isRunning(remover))) {
      throw new Error(
        `[@petstore/server] ${takeoverPath} was left by process ${remover}, which crashed while taking over a stale lock. ` +
          `If no server uses ${path}, delete ${takeoverPath} and ${lockPath} and start again.`,
      );
    }
    return false;
  }
  try {
    if (readIfExists(lockPath) === String(owner)) unlinkSync(lockPath);
  } finally {
    unlinkSync(takeoverPath);
  }
  return true;
}

/** Blocks briefly without spinning: acquisition is synchronous, and the other process needs the CPU to finish. */
function pause(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, PAUSE_MS);
}

/** A complete, synced file holding our pid, named uniquely so concurrent starters never share it; removed again if it cannot be written (a full disk). */
function writeClaim(lockPath: string): string {
  const claim = `${lockPath}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
  const fd = openSync(claim, "wx");
  try {
    writeSync(fd, String(process.pid));
    fsyncSync(fd);
  } catch (error) {
    unlinkQuietly(claim);
    throw error;
  } finally {
    closeSync(fd);
  }
  return claim;
}

function tryLink(claim: string, lockPath: string): boolean {
  try {
    linkSync(claim, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * The pid in the lock, undefined when the lock is gone. A lock without a pid was not written by this
 * version (which links complete files): it may belong to a server starting right now, so it is refused
 * rather than guessed stale.
 */
function readOwner(path: string, lockPath: string): number | undefined {
  const content = readIfExists(lockPath);
  if (content === undefined) return undefined;
  const owner = /^[0-9]+$/.test(content) ? Number(content) : 0;
  if (Number.isSafeInteger(owner) && owner > 0) return owner;
  throw new Error(
    `[@petstore/server] ${lockPath} holds no process id (${JSON.stringify(content.slice(0, 40))}), so it cannot tell ` +
      `whether another server uses ${path}. If none does, delete ${lockPath} and start again.`,
  );
}

/** Deletes the lock only while it still holds our pid, so a release never removes another process's lock. */
function releaser(lockPath: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (readIfExists(lockPath) === String(process.pid)) unlinkQuietly(lockPath);
  };
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone: nothing to release
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
