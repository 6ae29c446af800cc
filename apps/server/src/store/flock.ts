import { spawnSync } from "node:child_process";
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";

/** What `flock -n` exits with when another open file holds the lock (util-linux and BusyBox alike). */
const CONFLICT = 1;
const ATTEMPTS = 20;

/**
 * Takes an exclusive `flock(2)` on `<data file>.lock`. The lock belongs to the open file, so the kernel drops
 * it when this process ends, however it ends (`kill -9` included): there is no stale lock to judge. It also
 * holds between PID namespaces (containers on one host sharing the volume), where a pid in a file means
 * nothing. Node has no flock, so the `flock` command (util-linux) takes it on a descriptor this process
 * passes it; the lock stays with the open file after the command exits. The file holds the owner's pid,
 * host and start time, for the message a second server prints.
 * Returns the release function, or undefined when `flock` is not installed.
 */
export function acquireFlock(path: string): (() => void) | undefined {
  if (!flockInstalled()) return undefined;
  const lockPath = `${path}.lock`;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const fd = openSync(lockPath, constants.O_RDWR | constants.O_CREAT, 0o644);
    let locked: boolean;
    try {
      locked = lock(fd, lockPath);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    if (!locked) {
      const holder = owner(fd);
      closeSync(fd);
      throw new Error(
        `[@petstore/server] ${path} is in use by another server (${holder}). Stop it, or point PETSTORE_DATA_FILE at another file.`,
      );
    }
    // A server that stops deletes the lock file while it still holds the lock: if that happened between our
    // open and our flock, we locked a deleted file that nobody else will look at. Open the path again.
    if (!isSameFile(fd, lockPath)) {
      closeSync(fd);
      continue;
    }
    try {
      writeOwner(fd);
    } catch (error) {
      // Say the disk is full: leave nothing behind.
      removeIfSame(fd, lockPath);
      closeSync(fd);
      throw error;
    }
    return releaser(fd, lockPath);
  }
  throw new Error(
    `[@petstore/server] could not lock ${lockPath}: other servers kept replacing it. Start the server again.`,
  );
}

let installed: boolean | undefined;

function flockInstalled(): boolean {
  installed ??= !spawnSync("flock", ["--version"], { stdio: "ignore" }).error;
  return installed;
}

/** Runs `flock` on our descriptor: true when the lock is now ours, false when another open file holds it. */
function lock(fd: number, lockPath: string): boolean {
  // Short options only: BusyBox's flock (Alpine images) has no long ones.
  const result = spawnSync("flock", ["-x", "-n", "3"], {
    stdio: ["ignore", "ignore", "pipe", fd],
  });
  if (result.error) throw result.error;
  if (result.status === 0) return true;
  if (result.status === CONFLICT) return false;
  throw new Error(
    `[@petstore/server] could not lock ${lockPath}: flock exited with ${result.status ?? result.signal}: ${String(result.stderr).trim()}`,
  );
}

function releaser(fd: number, lockPath: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    removeIfSame(fd, lockPath); // while still locked, so nobody can have taken it over
    closeQuietly(fd); // drops the lock
  };
}

function writeOwner(fd: number): void {
  const text = `pid ${process.pid} on host ${hostname()}, started ${new Date().toISOString()}`;
  ftruncateSync(fd, 0);
  writeSync(fd, text, 0);
  fsyncSync(fd);
}

/** Who holds the lock, as its file says (it may be from a server that is still starting: then it is empty). */
function owner(fd: number): string {
  try {
    const text = readFileSync(fd, "utf8").trim().slice(0, 200);
    return /^pid \d+ on host /.test(text) ? text : "it has not said which yet";
  } catch {
    return "unknown";
  }
}

function isSameFile(fd: number, path: string): boolean {
  try {
    const opened = fstatSync(fd);
    const named = statSync(path);
    return opened.ino === named.ino && opened.dev === named.dev;
  } catch {
    return false;
  }
}

function removeIfSame(fd: number, path: string): void {
  if (!isSameFile(fd, path)) return;
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}
