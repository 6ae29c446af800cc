import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** How often the worker copies committed WAL pages into the database file. */
const CHECKPOINT_EVERY_MS = 200;
/** WAL frames (4 KiB pages) past which the worker makes the log start over, holding writers back while it does. */
const RESTART_FRAMES = 8_192;

// CommonJS, run by `eval`: the worker needs no file of its own next to the bundle (dist/main.js).
const source = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.libsql);
const db = new Database(workerData.file);
db.exec("PRAGMA busy_timeout = 1000");
const passive = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
const restart = db.prepare("PRAGMA wal_checkpoint(RESTART)");
const timer = setInterval(() => {
  try {
    // A passive checkpoint never waits for writers, but under writes without a pause the log is never started over
    // and grows: past the limit, RESTART waits (up to busy_timeout) for the writer and starts it over.
    const [state] = passive.all();
    if (state.log > workerData.restartFrames) restart.all();
  } catch {
    // Busy (another process checkpoints) or a full disk: the next tick tries again; the WAL only grows meanwhile.
  }
}, workerData.everyMs);
parentPort.postMessage("ready");
parentPort.once("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** A worker thread that checkpoints one SQLite file's WAL; see `startCheckpoints`. */
export interface Checkpoints {
  /** Resolves once the worker runs (then SQLite's own checkpoints can be turned off); rejects if it never does. */
  ready: Promise<void>;
  /** Stops the worker (after its checkpoint in progress, if any). */
  stop(): Promise<void>;
}

/**
 * Checkpoints `file`'s WAL from a worker thread on a connection of its own, so that the copy into the database file
 * and its `fsync` never hold the event loop, as SQLite's automatic checkpoint (run inside a COMMIT) does. Returns at
 * once (a worker takes a while to start, and the server need not wait for it); `onExit` is told when the worker ends
 * without being stopped, to turn the automatic checkpoint back on.
 */
export function startCheckpoints(file: string, onExit: () => void): Checkpoints {
  const worker = new Worker(source, {
    eval: true,
    workerData: {
      file,
      libsql: createRequire(import.meta.url).resolve("libsql"),
      everyMs: CHECKPOINT_EVERY_MS,
      restartFrames: RESTART_FRAMES,
    },
  });
  worker.unref();
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.on("error", () => undefined);
  void exited.then(() => {
    if (!stopping) onExit();
  });
  const ready = new Promise<void>((resolve, reject) => {
    worker.once("message", () => resolve());
    void exited.then(() => reject(new Error(`[@petstore/server] the checkpoint worker for ${file} ended`)));
  });
  // Its failure is the caller's to handle (and `onExit`'s); it must not also surface as an unhandled rejection.
  ready.catch(() => undefined);
  return {
    ready,
    async stop() {
      stopping = true;
      // Waited for: it must keep the process alive until it has ended (the top-level await of a failed start).
      worker.ref();
      // A worker still starting is inside libsql's native calls (opening the file, preparing its statements), and
      // terminating it there aborts the whole process: libsql's binding panics on the pending termination. So it is
      // let start (or fail), then asked to stop between two checkpoints, where it closes its connection cleanly.
      await Promise.race([ready.catch(() => undefined), exited]);
      worker.postMessage("stop");
      await exited;
    },
  };
}
