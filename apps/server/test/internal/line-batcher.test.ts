import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BATCH_CHARS, batchLines, LINE_DELAY_MS } from "../../src/internal/line-batcher";

describe("batchLines", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("hands on the lines written together in one write, LINE_DELAY_MS after the first", () => {
    const writes: string[] = [];
    const lines = batchLines({ write: (text) => writes.push(text) });
    lines.write("a\n");
    vi.advanceTimersByTime(LINE_DELAY_MS - 1);
    lines.write("b\n");
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(["a\nb\n"]);
    lines.write("c\n");
    vi.advanceTimersByTime(LINE_DELAY_MS);
    expect(writes).toEqual(["a\nb\n", "c\n"]);
  });

  it("hands on at once when BATCH_CHARS have piled up, and on flush, never an empty write", () => {
    const writes: string[] = [];
    const lines = batchLines({ write: (text) => writes.push(text) });
    const line = `${"x".repeat(1023)}\n`;
    for (let i = 0; i < BATCH_CHARS / line.length; i++) lines.write(line);
    expect(writes).toEqual([line.repeat(BATCH_CHARS / line.length)]);
    lines.write("tail\n");
    lines.flush();
    lines.flush();
    expect(writes.at(-1)).toBe("tail\n");
    expect(writes).toHaveLength(2);
    vi.advanceTimersByTime(LINE_DELAY_MS * 2);
    expect(writes).toHaveLength(2);
  });

  it("never keeps the process alive for its timer", () => {
    vi.useRealTimers();
    const lines = batchLines({ write: () => undefined });
    const spy = vi.spyOn(globalThis, "setTimeout");
    lines.write("a\n");
    const timer = spy.mock.results[0]?.value as NodeJS.Timeout;
    spy.mockRestore();
    expect(timer.hasRef()).toBe(false);
    lines.flush();
  });
});
