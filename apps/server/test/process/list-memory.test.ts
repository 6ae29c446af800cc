import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer } from "../helpers/child";

const dir = mkdtempSync(join(tmpdir(), "petstore-list-memory-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PETS = 100;
const NAME_BYTES = 200 * 1024;
// The observation made 64 lists; 12 (limits 100 to 89) already ask for 10× the stored data, which an unbounded
// cache would keep, and take seconds rather than a minute on a busy machine.
const LISTS = 12;

/** GETs with node:http (fetch is slow to read tens of megabytes), counting the body's bytes without keeping them. */
function list(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { authorization: "Bearer k" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** A line of /proc/<pid>/status in bytes, e.g. VmRSS (resident now) or VmHWM (the peak since the last reset). */
function memory(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

describe("the list cache under large pets", () => {
  // Observed before: 100 pets with 200 KiB names and 64 lists with different limits took RSS from 132 MB to 992 MB.
  // A list reads its pets from the database, decodes and encodes them: at the peak libsql's native rows, the decoded
  // strings, the shaped answer, the JSON text and its Buffer can all be alive at once (a peak of 5.4× and 6.4× the stored
  // data was measured). An unbounded cache would keep 10× the stored data and end this 128 MiB heap.
  it("keeps the server's peak memory within eight times the stored data while every limit is listed", async (context) => {
    if (!existsSync("/proc/self/status")) return context.skip("no /proc: cannot read the server's resident memory");
    // The pets are written as an earlier version's data file, which the server imports at start: 100 creates of
    // 200 KiB, each synced, take a minute on a busy disk, and how they got there does not matter to the list cache.
    const file = join(dir, "petstore.jsonl");
    const lines = Array.from({ length: PETS }, (_, i) => {
      const name = String.fromCharCode(97 + (i % 26)).repeat(NAME_BYTES);
      return `${JSON.stringify({ pet: { id: i + 1, name, categoryId: i } })}\n`;
    });
    writeFileSync(file, lines.join(""));
    // A heap of 128 MiB makes V8 collect each list's garbage (every list reads its pets from the database anew) before
    // it grows: what stays above that is what the server keeps.
    const server = await spawnServer({
      PETSTORE_API_KEYS: "k",
      PETSTORE_DATA_DIR: dir,
      LOG_LEVEL: "warn",
      NODE_OPTIONS: "--max-old-space-size=128",
    });
    const pid = server.child.pid!;
    try {
      const stored = PETS * NAME_BYTES;
      const started = Date.now();
      const before = memory(pid, "VmRSS");
      // Writing 5 to clear_refs resets VmHWM to the current RSS, so VmHWM afterwards is the peak during the attack.
      const peakResettable = (() => {
        try {
          writeFileSync(`/proc/${pid}/clear_refs`, "5");
          return true;
        } catch {
          return false;
        }
      })();
      for (let limit = 100; limit > 100 - LISTS; limit--) {
        const { status, bytes } = await list(`${server.baseUrl}/pets?limit=${limit}`);
        expect(status).toBe(200);
        expect(bytes).toBeGreaterThan(limit * NAME_BYTES);
      }
      const after = memory(pid, peakResettable ? "VmHWM" : "VmRSS");
      console.info(
        `[list-memory] ${LISTS} lists in ${Date.now() - started} ms; stored ${(stored / 2 ** 20).toFixed(1)} MiB; RSS ${(before / 2 ** 20).toFixed(0)} MiB before the lists, ` +
          `${peakResettable ? "peak" : "after"} ${(after / 2 ** 20).toFixed(0)} MiB`,
      );
      expect(after - before).toBeLessThanOrEqual(8 * stored);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 120_000);
});
