import { closeSync, fdatasyncSync, fsyncSync, ftruncateSync, openSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fdatasync, write } from "node:fs";
import { promisify } from "node:util";

const writeAsync = promisify(write);
const fdatasyncAsync = promisify(fdatasync);

/**
 * An append-only JSON-lines file. `append` resolves only after the line is on disk (fdatasync);
 * appends that arrive while a sync runs are written together in the next batch (group commit).
 */
export class AppendLog {
  #queue: { line: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  #flushing = false;
  #failure: unknown;
  #fd: number | undefined;

  private constructor(fd: number) {
    this.#fd = fd;
  }

  /** Opens (creating) the log and returns it with every complete record; a torn last line from a crash is cut off. */
  static open(path: string): { log: AppendLog; records: unknown[] } {
    const fd = openSync(path, "a+");
    fsyncDirectory(dirname(path)); // a new file's directory entry must be durable too
    const bytes = readFileSync(path);
    const end = bytes.lastIndexOf(0x0a) + 1;
    if (end < bytes.length) {
      // Only an unacknowledged write can be torn: cut it so the next append starts on a fresh line.
      ftruncateSync(fd, end);
      fdatasyncSync(fd);
    }
    const records: unknown[] = [];
    bytes.subarray(0, end).toString("utf8").split("\n").forEach((line, index) => {
      if (line.length === 0) return;
      try {
        records.push(JSON.parse(line));
      } catch {
        closeSync(fd);
        throw new Error(`[@petstore/server] ${path} line ${index + 1} is not valid JSON: the data file is damaged.`);
      }
    });
    return { log: new AppendLog(fd), records };
  }

  /** Appends one record; resolves once it is durable. */
  append(record: unknown): Promise<void> {
    if (this.#fd === undefined) return Promise.reject(new Error("[@petstore/server] the data file is closed"));
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#queue.push({ line: `${JSON.stringify(record)}\n`, resolve, reject });
      if (!this.#flushing) void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    this.#flushing = true;
    while (this.#queue.length > 0 && this.#fd !== undefined) {
      const batch = this.#queue;
      this.#queue = [];
      try {
        const buffer = Buffer.from(batch.map((entry) => entry.line).join(""));
        let offset = 0;
        while (offset < buffer.length) offset += (await writeAsync(this.#fd, buffer, offset)).bytesWritten;
        await fdatasyncAsync(this.#fd);
        for (const entry of batch) entry.resolve();
      } catch (error) {
        // After a failed write the file's tail is unknown: refuse further writes rather than guess.
        this.#failure = error;
        for (const entry of [...batch, ...this.#queue]) entry.reject(error);
        this.#queue = [];
      }
    }
    this.#flushing = false;
  }

  /** Waits for queued appends, then closes the file. */
  async close(): Promise<void> {
    while (this.#flushing || this.#queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
    if (this.#fd !== undefined) {
      closeSync(this.#fd);
      this.#fd = undefined;
    }
  }
}

function fsyncDirectory(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
