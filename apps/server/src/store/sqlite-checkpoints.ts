import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** How often the worker copies committed WAL pages into the database file. */
const CHECKPOINT_EVERY_MS = 200;

// CommonJS, run by `eval`: the worker needs no file of its own next to the bundle (dist/main.js).
const source = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.libsql);
const db = new Database(workerData.file);
db.exec("PRAGMA busy_timeout = 1000");
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
const timer = setInterval(() => {
  try {
    checkpoint.all();
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
  /** Stops the worker (after its checkpoint in progress, if any). */
  stop(): Promise<void>;
}

/**
 * Checkpoints `file`'s WAL from a worker thread on a connection of its own, so that the copy into the database file
 * and its `fsync` never hold the event loop, as SQLite's automatic checkpoint (run inside a COMMIT) does. Resolves
 * once the worker runs; `onExit` is told when it ends without being stopped, to turn the automatic checkpoint back on.
 */
export async function startCheckpoints(file: string, onExit: () => void): Promise<Checkpoints> {
  const worker = new Worker(source, {
    eval: true,
    workerData: { file, libsql: createRequire(import.meta.url).resolve("libsql"), everyMs: CHECKPOINT_EVERY_MS },
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.on("error", () => undefined);
  void exited.then(() => {
    if (!stopping) onExit();
  });
  await new Promise<void>((resolve, reject) => {
    worker.once("message", () => resolve());
    void exited.then(() => reject(new Error(`[@petstore/server] the checkpoint worker for ${file} did not start`)));
  });
  worker.unref();
  return {
    async stop() {
      stopping = true;
      worker.postMessage("stop");
      await exited;
    },
  };
}
