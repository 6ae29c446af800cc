/** Where a batcher hands its text: a pino destination, a stream, a test double. */
export interface LineSink {
  write(text: string): unknown;
}

/** A pino destination that collects lines and hands them on together. */
export interface LineBatcher extends LineSink {
  /** Hands on everything collected so far, now. */
  flush(): void;
}

/** Longest a line waits before it is handed on, in milliseconds. */
export const LINE_DELAY_MS = 10;
/** Characters collected before they are handed on at once, whatever the time. */
export const BATCH_CHARS = 64 * 1024;

/**
 * Collects log lines and hands them to `sink` together, at most `LINE_DELAY_MS` after the first of them (or as soon
 * as `BATCH_CHARS` have piled up). A write is a system call, which costs more than the rest of a small request on a
 * busy machine: under load one write carries the lines of many requests, and when idle a line still goes out within
 * a few milliseconds. The timer never keeps the process alive; call `flush` when it exits.
 */
export function batchLines(sink: LineSink, delayMs = LINE_DELAY_MS): LineBatcher {
  // A list joined once, not a string grown by `+=`: that makes a rope of every piece of every line, which the sink
  // flattens (to count and encode its bytes) at several times the cost of the join.
  let pending: string[] = [];
  let chars = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (chars === 0) return;
    const text = pending.join("");
    pending = [];
    chars = 0;
    sink.write(text);
  };
  return {
    write(line) {
      if (line === "") return;
      pending.push(line);
      chars += line.length;
      if (chars >= BATCH_CHARS) flush();
      else if (timer === undefined) timer = setTimeout(flush, delayMs).unref();
    },
    flush,
  };
}
