// Run by checkpoint-worker.test.ts in a process of its own: a checkpoint worker ended inside libsql aborts the whole
// process, which the test then sees as this process's exit status instead of losing its own.
//   lifecycle: stores closed in the first milliseconds of their life, stores whose start fails after their worker
//              started, a worker that fails to open its file, a store closed while its worker waits inside a
//              checkpoint, a stop that times out; each prints a line. The process then ends by running out of work, with a store never closed whose worker waits
//              inside a checkpoint.
//   exit:      ends with process.exit(0) while a store's worker waits inside a checkpoint.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { createSqliteStore } from "../../src/index";
import { startCheckpoints } from "../../src/store/sqlite-checkpoints";

const dir = mkdtempSync(join(tmpdir(), "petstore-checkpoint-worker-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stdout.write(`${line}\n`);
/** Kept referenced: a connection collected as garbage would end its read. */
const readers: Database.Database[] = [];

/**
 * Makes every RESTART checkpoint of `file` wait inside libsql (busy_timeout: 1 s for the worker): a connection
 * keeps reading an old snapshot, never done, while another writes past the frames at which the worker restarts the
 * log (8,192 pages of 4 KiB).
 */
function holdCheckpoints(file: string): void {
  const reader = new Database(file);
  reader.exec("BEGIN");
  reader.prepare("SELECT count(*) FROM petstore_pets").get();
  readers.push(reader);
  const writer = new Database(file);
  writer.exec("CREATE TABLE IF NOT EXISTS filler (b BLOB); INSERT INTO filler VALUES (zeroblob(36000000))");
  writer.close();
}

/**
 * Resolves once a checkpoint of `file` is in progress on another connection (the worker's: SQLite then answers
 * another checkpoint busy). The worker's begins at its first tick, 200 ms after it has started, and waits 1 s.
 */
async function checkpointInProgress(file: string): Promise<void> {
  const probe = new Database(file);
  // A passive checkpoint never waits; behind the old snapshot it copies nothing.
  const passive = probe.prepare("PRAGMA wal_checkpoint(PASSIVE)");
  try {
    for (const deadline = Date.now() + 60_000; (passive.get() as { busy: number }).busy !== 1; await sleep(20)) {
      if (Date.now() > deadline) throw new Error(`no checkpoint of ${file} began within 60 s`);
    }
  } finally {
    probe.close();
  }
}

/** Opens a store and returns once its checkpoint worker waits inside a checkpoint. */
async function storeInCheckpoint(name: string) {
  const file = join(dir, name, "petstore.db");
  const store = await createSqliteStore(file);
  await store.create({ name: "Rex", categoryId: 1 });
  holdCheckpoints(file);
  await checkpointInProgress(file);
  return store;
}

async function lifecycle(): Promise<void> {
  // Closed at moments spread over the worker's start (a new thread loading libsql, opening the file, preparing its
  // statements: 50 ms to most of a second, depending on the machine's load), four at a time.
  const delays = [0, 1, 5, 20, 0, 50, 100, 200];
  for (let i = 0; i < delays.length; i += 4) {
    await Promise.all(
      delays.slice(i, i + 4).map(async (delay, j) => {
        const store = await createSqliteStore(join(dir, `early-${i + j}`, "petstore.db"));
        if (delay > 0) await sleep(delay);
        await store.close();
        say(`closed early-${i + j} after ${delay} ms`);
      }),
    );
  }
  // The store's start fails (a damaged data file to import) after it started its worker.
  for (const name of ["failed-0", "failed-1"]) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, "petstore.jsonl"), '{"pet":{"id":1,"name":"Rex","categoryId":1}}\nnot json\n{}\n');
    const error = await createSqliteStore(join(dir, name, "petstore.db")).then(
      () => new Error("opened"),
      (thrown: Error) => thrown,
    );
    say(`closed ${name}: ${error.message}`);
  }
  // A worker that fails to open its file ends by itself, and is told (SQLite's own checkpoints take over); its stop
  // then returns at once. (A timer keeps the process alive meanwhile: a worker does not, unless being stopped.)
  let exits = 0;
  const failing = startCheckpoints(join(dir, "no-such-folder", "petstore.db"), { onExit: () => exits++ });
  const alive = setInterval(() => undefined, 1_000);
  const failure = await failing.ready.then(
    () => new Error("started"),
    (thrown: Error) => thrown,
  );
  clearInterval(alive);
  await failing.stop();
  say(`failed worker: ${failure.message}; told ${exits} time(s)`);
  // Closed while its worker waits inside a checkpoint: the close waits for the checkpoint to return.
  const store = await storeInCheckpoint("mid-checkpoint");
  const started = performance.now();
  await store.close();
  say(`closed mid-checkpoint in ${Math.round(performance.now() - started)} ms`);
  // A stop that takes longer than its timeout (no worker starts within a millisecond) is told, and neither holds the
  // process nor has the worker ended where it is.
  const checkpoints = startCheckpoints(join(dir, "mid-checkpoint", "petstore.db"), {
    onExit: () => undefined,
    stopTimeoutMs: 1,
  });
  const late = await checkpoints.stop().then(
    () => new Error("stopped in time"),
    (thrown: Error) => thrown,
  );
  say(`late stop: ${late.message}`);
  await storeInCheckpoint("left-open");
  say("exiting");
}

const scenario = process.argv[2];
if (scenario === "lifecycle") await lifecycle();
else if (scenario === "exit") {
  await storeInCheckpoint("left-open");
  say("exiting");
  process.exit(0);
} else throw new Error(`unknown scenario ${scenario}`);
