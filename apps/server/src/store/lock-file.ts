import { acquireFlock } from "./flock";
import { acquirePidLock } from "./pid-lock";

/**
 * Lock files this process holds, so that opening one data file twice in one process gets its own message
 * (the pid in a lock cannot tell: after a container restart a stale lock can hold our own pid).
 */
const held = new Set<string>();

/**
 * Locks `<data file>.lock` so that two servers never append to one data file: with `flock(2)` (see flock.ts)
 * where the `flock` command exists, which holds across containers and is freed by the kernel when its
 * process dies; elsewhere with a pid in the file (see pid-lock.ts). Returns the release function.
 */
export function acquireLock(path: string): () => void {
  const lockPath = `${path}.lock`;
  if (held.has(lockPath)) {
    throw new Error(`[@petstore/server] ${path} is already open in this process: close the other store first.`);
  }
  const release = acquireFlock(path) ?? acquirePidLock(path);
  held.add(lockPath);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.delete(lockPath);
    release();
  };
}
