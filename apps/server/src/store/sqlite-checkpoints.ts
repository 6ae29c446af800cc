import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** How often the worker copies committed WAL pages into the database file. */
const CHECKPOINT_EVERY_MS = 200;
/** WAL frames (4 KiB pages) past which the worker makes the log start over, holding writers back while it does. */
const RESTART_FRAMES = 8_192;
/**
 * How long `stop()` waits for the worker to start (a new thread loading libsql: up to a second on a busy machine)
 * and then finish its checkpoint in progress (RESTART waits up to its busy_timeout, 1 s, then copies and syncs).
 */
const STOP_TIMEOUT_MS = 10_000;
/** How long the process, as it exits, waits for a worker to come out of libsql before ending it there anyway. */
const EXIT_WAIT_MS = 5_000;

/** States of a worker's gate, one Int32 shared with the main thread. */
const OUTSIDE = 0;
const INSIDE_LIBSQL = 1;
const CLOSED = 2;

// CommonJS, run by `eval`: the worker needs no file of its own next to the bundle (dist/main.js).
// Every call into libsql goes through the gate: ended inside one (by the process exiting, which terminates every
// worker thread), libsql's binding panics on the pending termination and aborts the whole process.
const source = `
const { parentPort, workerData } = require("node:worker_threads");
const gate = new Int32Array(workerData.gate);
function inLibsql(call) {
  if (Atomics.compareExchange(gate, 0, ${OUTSIDE}, ${INSIDE_LIBSQL}) !== ${OUTSIDE}) return false;
  try {
    call();
    return true;
  } finally {
    Atomics.store(gate, 0, ${OUTSIDE});
    Atomics.notify(gate, 0);
  }
}
let db, passive, restart;
const opened = inLibsql(() => {
  const Database = require(workerData.libsql);
  db = new Database(workerData.file);
  db.exec("PRAGMA busy_timeout = 1000");
  passive = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
  restart = db.prepare("PRAGMA wal_checkpoint(RESTART)");
});
if (opened) {
  const timer = setInterval(() => {
    try {
      // A passive checkpoint never waits for writers, but under writes without a pause the log is never started
      // over and grows: past the limit, RESTART waits (up to busy_timeout) for the writer and starts it over.
      // get(), not all(): all() then wraps its rows in a native object, whose creation is what panics when the
      // thread is being ended; get() only builds a plain row.
      inLibsql(() => {
        if (passive.get().log > workerData.restartFrames) restart.get();
      });
    } catch {
      // Busy (another process checkpoints) or a full disk: the next tick tries again; the WAL only grows meanwhile.
    }
  }, workerData.everyMs);
  parentPort.postMessage("ready");
  parentPort.once("message", () => {
    clearInterval(timer);
    inLibsql(() => db.close());
    parentPort.close();
  });
}
`;

/** The gates of the workers alive, closed when the process exits. */
const gates = new Set<Int32Array>();

/**
 * Runs as the process exits, before Node ends the worker threads: waits for each worker's call into libsql in
 * progress, if any, and closes its gate so that it makes no other. A store left open (never closed, or the process
 * ended by `process.exit` or an uncaught error) then ends with its worker outside libsql.
 */
function closeGates(): void {
  const deadline = Date.now() + EXIT_WAIT_MS;
  for (const gate of gates) {
    while (Atomics.compareExchange(gate, 0, OUTSIDE, CLOSED) === INSIDE_LIBSQL) {
      const left = deadline - Date.now();
      if (left <= 0) {
        process.stderr.write(
          `[@petstore/server] a SQLite checkpoint worker is still inside libsql after ${EXIT_WAIT_MS / 1000} s; exiting anyway, which may abort the process\n`,
        );
        return;
      }
      Atomics.wait(gate, 0, INSIDE_LIBSQL, left);
    }
  }
}

/** A worker thread that checkpoints one SQLite file's WAL; see `startCheckpoints`. */
export interface Checkpoints {
  /**
   * Resolves once the worker runs (then SQLite's own checkpoints can be turned off); rejects if it never does. The
   * worker does not keep the process alive until `stop()`, so neither does waiting for this.
   */
  ready: Promise<void>;
  /**
   * Stops the worker (after its checkpoint in progress, if any) and resolves once it has ended. Rejects, leaving
   * the worker to end by itself without holding the process, if it has not ended within the stop timeout.
   */
  stop(): Promise<void>;
}

/** Options of `startCheckpoints`. */
export interface CheckpointOptions {
  /** Told when the worker ends without being stopped (it failed), to turn SQLite's own checkpoints back on. */
  onExit: () => void;
  /** How long `stop()` waits for the worker to start and then end. Defaults to 10 s. */
  stopTimeoutMs?: number;
}

/**
 * Checkpoints `file`'s WAL from a worker thread on a connection of its own, so that the copy into the database file
 * and its `fsync` never hold the event loop, as SQLite's automatic checkpoint (run inside a COMMIT) does. Returns at
 * once (a worker takes a while to start, and the server need not wait for it). The worker is never terminated while
 * it is inside libsql, which would abort the process: `stop()` asks it to stop between two checkpoints, and a process
 * exiting with the worker still running first waits for its call into libsql in progress.
 */
export function startCheckpoints(file: string, options: CheckpointOptions): Checkpoints {
  const { onExit, stopTimeoutMs = STOP_TIMEOUT_MS } = options;
  const gate = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  if (!process.listeners("exit").includes(closeGates)) process.on("exit", closeGates);
  gates.add(gate);
  const worker = new Worker(source, {
    eval: true,
    workerData: {
      file,
      gate: gate.buffer,
      libsql: createRequire(import.meta.url).resolve("libsql"),
      everyMs: CHECKPOINT_EVERY_MS,
      restartFrames: RESTART_FRAMES,
    },
  });
  // An open store does not keep the process alive; should it exit, `closeGates` makes that safe.
  worker.unref();
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.on("error", () => undefined);
  void exited.then(() => {
    gates.delete(gate);
    if (!stopping) onExit();
  });
  const ready = new Promise<void>((resolve, reject) => {
    worker.once("message", () => resolve());
    void exited.then(() => reject(new Error(`[@petstore/server] the checkpoint worker for ${file} ended`)));
  });
  let started = false;
  // Its failure is the caller's to handle (and `onExit`'s); it must not also surface as an unhandled rejection.
  ready.then(
    () => (started = true),
    () => undefined,
  );
  let stopped: Promise<void> | undefined;
  return {
    ready,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        // Waited for: it must keep the process alive until it has ended (the top-level await of a failed start).
        worker.ref();
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<"late">((resolve) => {
          timer = setTimeout(() => resolve("late"), stopTimeoutMs);
        });
        // A worker still starting is inside libsql's native calls (loading it, opening the file, preparing its
        // statements), where it must not be terminated: it is let start (or fail), then asked to stop between two
        // checkpoints, where it closes its connection.
        const ended = Promise.race([ready.catch(() => undefined), exited]).then(() => {
          worker.postMessage("stop");
          return exited;
        });
        const outcome = await Promise.race([ended, late]);
        clearTimeout(timer);
        if (outcome === "late") {
          worker.unref();
          throw new Error(
            `[@petstore/server] the checkpoint worker for ${file} did not stop within ${stopTimeoutMs} ms (${started ? "a checkpoint did not return" : "it had not started yet"}); it is left to end on its own`,
          );
        }
      })();
      return stopped;
    },
  };
}
