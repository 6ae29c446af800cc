import {
  closeSync,
  fdatasync,
  fdatasyncSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  write,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { promisify } from "node:util";

const writeAsync = promisify(write);
const fdatasyncAsync = promisify(fdatasync);

/** How the lines of one log are checked. */
export interface LogFormat<T> {
  /** Turns a parsed line into a record; throws an Error whose message completes "line N …" when the line is not one. */
  parse(value: unknown): T;
  /** What every line this log writes starts with: tells a torn first record from a file that is not a log at all. */
  recordPrefix: string;
}

/** A log as found on open. */
export interface OpenedLog<T> {
  log: AppendLog;
  records: T[];
  /** What was repaired on open (a torn last record cut, a missing final newline added), one message each, for the caller to log. */
  repairs: string[];
}

/** The outcome of checking a file's bytes: nothing is written until every line has passed. */
interface Checked<T> {
  records: T[];
  /** Bytes to keep: less than the file's length when a torn last record is cut. */
  keep: number;
  /** True when the last record is complete but lacks its newline. */
  addNewline: boolean;
  repairs: string[];
}

/**
 * An append-only JSON-lines file. `append` resolves only after the line is on disk (fdatasync);
 * appends that arrive while a sync runs are written together in the next batch (group commit).
 */
export class AppendLog {
  #queue: { line: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  #flushing = false;
  #failure: unknown;
  #fd: number | undefined;
  /** Length of the file up to its last durable record: where a failed write is cut back to. */
  #size: number;

  private constructor(
    fd: number,
    private readonly path: string,
    size: number,
  ) {
    this.#fd = fd;
    this.#size = size;
  }

  /**
   * Opens (creating) the log and returns every record. The whole file is checked before anything is
   * written, so a file that fails the check is left exactly as it was. Only a last line that is not
   * valid JSON, after valid records (or looking like the start of one), counts as torn by a crash and is cut.
   */
  static open<T>(path: string, format: LogFormat<T>): OpenedLog<T> {
    const fd = openSync(path, "a+");
    try {
      fsyncDirectory(dirname(path)); // a new file's directory entry must be durable too
      const bytes = readFileSync(path);
      const checked = check(path, bytes, format);
      const size = repair(fd, bytes.length, checked);
      return { log: new AppendLog(fd, path, size), records: checked.records, repairs: checked.repairs };
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  /** False once the file is closed, or a failed write could not be cut back off (every append is refused). */
  get usable(): boolean {
    return this.#fd !== undefined && this.#failure === undefined;
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
        this.#size += buffer.length;
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
        this.#recover(this.#fd, error);
      }
    }
    this.#flushing = false;
  }

  /**
   * Cuts a failed batch (e.g. ENOSPC half-way) back off the file so the next batch starts on a clean
   * line: everything before `#size` was synced earlier, so it is intact. Only if the cut itself fails is
   * the tail unknown: then every later append is refused rather than written after a torn line.
   */
  #recover(fd: number, error: unknown): void {
    try {
      ftruncateSync(fd, this.#size);
      fdatasyncSync(fd);
    } catch (cutError) {
      this.#failure = new Error(
        `[@petstore/server] a write to ${this.path} failed (${describe(error)}) and the file could not be cut back to its last ` +
          `complete record (${describe(cutError)}): restart the server, which cuts the torn record on start.`,
      );
      for (const entry of this.#queue) entry.reject(this.#failure);
      this.#queue = [];
    }
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

/** Checks every line of the file; throws, naming the file and line, at the first one that is not a record. */
function check<T>(path: string, bytes: Buffer, format: LogFormat<T>): Checked<T> {
  const end = bytes.lastIndexOf(0x0a) + 1;
  const lines =
    end === 0
      ? []
      : bytes
          .subarray(0, end - 1)
          .toString("utf8")
          .split("\n");
  const records = lines.map((line, index) => parseLine(path, index + 1, line, format));
  const checked: Checked<T> = { records, keep: bytes.length, addNewline: false, repairs: [] };
  if (end === bytes.length) return checked;

  const tail = bytes.subarray(end).toString("utf8");
  const lineNumber = lines.length + 1;
  if (!isJson(tail)) {
    // A write interrupted by a crash leaves a prefix of a record, which is never valid JSON.
    const torn = records.length > 0 || format.recordPrefix.startsWith(tail) || tail.startsWith(format.recordPrefix);
    if (!torn) throw refusal(path, lineNumber, "is not valid JSON");
    checked.keep = end;
    checked.repairs.push(
      `[@petstore/server] ${path}: cut an incomplete last record (line ${lineNumber}, ${bytes.length - end} bytes: ` +
        `${JSON.stringify(tail.slice(0, 60))}) left by a write that was interrupted before it was acknowledged.`,
    );
    return checked;
  }
  records.push(parseLine(path, lineNumber, tail, format));
  checked.addNewline = true;
  checked.repairs.push(
    `[@petstore/server] ${path}: added the missing newline after the last record (line ${lineNumber}).`,
  );
  return checked;
}

function parseLine<T>(path: string, lineNumber: number, line: string, format: LogFormat<T>): T {
  if (line.length === 0) throw refusal(path, lineNumber, "is empty");
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw refusal(path, lineNumber, "is not valid JSON");
  }
  try {
    return format.parse(value);
  } catch (error) {
    throw refusal(path, lineNumber, describe(error));
  }
}

/** Line 1 decides whether this is a data file at all: a foreign file gets a different remedy than a damaged one. */
function refusal(path: string, lineNumber: number, reason: string): Error {
  if (lineNumber === 1) {
    return new Error(
      `[@petstore/server] ${path} is not a petstore data file: line 1 ${reason}. ` +
        "Point PETSTORE_DATA_FILE at a petstore data file or at a new path. The file was not changed.",
    );
  }
  return new Error(
    `[@petstore/server] ${path} line ${lineNumber} ${reason}: the data file is damaged. ` +
      `Restore it from a backup or fix line ${lineNumber}. The file was not changed.`,
  );
}

/** Applies what `check` decided; returns the file's new length. */
function repair(fd: number, length: number, checked: Checked<unknown>): number {
  if (checked.keep < length) {
    ftruncateSync(fd, checked.keep);
    fdatasyncSync(fd);
    return checked.keep;
  }
  if (!checked.addNewline) return length;
  writeSync(fd, "\n");
  fdatasyncSync(fd);
  return length + 1;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function fsyncDirectory(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
