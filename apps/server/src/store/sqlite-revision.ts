import { closeSync, openSync, readSync } from "node:fs";

/** Bytes of the WAL-index header readers go by: the first of the two copies at the start of the `-shm` file. */
const HEADER_BYTES = 48;
/** `iVersion` of an initialised WAL-index header (WALINDEX_MAX_VERSION in SQLite's wal.c). */
const WALINDEX_VERSION = 3007000;
/** Byte offset of `isInit` in the header (after iVersion, unused, iChange). */
const IS_INIT_OFFSET = 12;

/** A connection's `PRAGMA data_version`, read cheaply; see `walDataVersion`. */
export interface DataVersion {
  /** The value `PRAGMA data_version` would answer now. */
  read(): number;
  /** Closes the `-shm` file it reads. */
  close(): void;
}

/**
 * A connection's `PRAGMA data_version` (which changes when another connection or process commits; `exact` runs the
 * statement), with the statement run only when the WAL-index header in `shmFile` (`<database>-shm`) changed since
 * it last was. Without `shmFile` the database is the connection's own (`:memory:`): no other connection can commit
 * to it, so the value never changes and is read once.
 *
 * Why an unchanged header proves that nothing was committed since (SQLite's wal.c): every commit increments the
 * header's `iChange` and rewrites it with `mxFrame`, the last frame's checksum and a checksum over it all, in the
 * shared memory that is the `-shm` file mapped `MAP_SHARED`, before the commit returns to its writer; a `pread` of
 * the file reads those very pages. Starting the log over changes its salts, and SQLite's own readers decide that
 * their cache is stale by comparing these same 48 bytes with the copy they read last. A read that meets a header
 * being written (torn) sees bytes that differ, which only makes this run the statement. The header is read before
 * the statement, so a commit between the two is seen again by the next call. The connection must not use
 * `locking_mode=EXCLUSIVE` from before it entered WAL mode (its WAL-index would then live in its own heap, not
 * in the file); nothing here does, and no other process could then open the database at all.
 *
 * Falls back to running the statement every time when the file cannot be opened or read, or does not hold an
 * initialised header.
 *
 * One value serves every read until the microtasks queued when it was read have run: the rest of the code the event
 * loop called (the batch of requests the Node adapter answers after each poll phase, one after another). That is as
 * fresh as reading each time for every request answered there: the event loop reads a request's bytes off its socket
 * between such runs, so they were read before this run began, and before the value was; a commit acknowledged to a
 * client before it sent that request had updated the header by then. Under load a poll phase brings many requests,
 * and one read serves them all. Only code that commits on another connection and reads here in the same run could
 * see the value from before its commit.
 */
export function walDataVersion(shmFile: string | undefined, exact: () => number): DataVersion {
  // A read transaction (the statement runs one) makes SQLite create the file when it does not exist yet.
  const first = exact();
  if (shmFile === undefined) return { read: () => first, close: () => undefined };
  let fd: number | undefined;
  try {
    fd = openSync(shmFile, "r");
  } catch {
    fd = undefined;
  }
  const bytes = Buffer.alloc(HEADER_BYTES);
  const now = new Int32Array(bytes.buffer, bytes.byteOffset, HEADER_BYTES / 4);
  const seen = new Int32Array(HEADER_BYTES / 4);
  // No header has been seen yet: the first read runs the statement.
  let known = false;
  let version = 0;
  // Whether `version` was read in the current run of code; cleared by a microtask queued when it was.
  let current = false;
  const expire = () => {
    current = false;
  };
  const unchanged = (): boolean => {
    if (fd === undefined) return false;
    let read: number;
    try {
      read = readSync(fd, bytes, 0, HEADER_BYTES, 0);
    } catch {
      read = 0;
    }
    if (read !== HEADER_BYTES || bytes.readUInt32LE(0) !== WALINDEX_VERSION || bytes[IS_INIT_OFFSET] !== 1) {
      known = false;
      return false;
    }
    if (known) {
      let same = true;
      for (let i = 0; i < now.length; i++) {
        if (now[i] !== seen[i]) {
          same = false;
          break;
        }
      }
      if (same) return true;
    }
    seen.set(now);
    known = true;
    return false;
  };
  return {
    read() {
      if (current) return version;
      if (!unchanged()) {
        try {
          version = exact();
        } catch (error) {
          // The header just seen is not matched by a value: the next read runs the statement again.
          known = false;
          throw error;
        }
      }
      current = true;
      queueMicrotask(expire);
      return version;
    },
    close() {
      if (fd === undefined) return;
      closeSync(fd);
      fd = undefined;
    },
  };
}
