import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createFileStore } from "../../src/store/file";

const dir = mkdtempSync(join(tmpdir(), "petstore-write-failure-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const serverRoot = fileURLToPath(new URL("../..", import.meta.url));
const LIMIT_KB = 256; // `ulimit -f` in bash counts KiB: writes past this many bytes fail with EFBIG, like a full disk
const ROOM = 100; // bytes left free in the data file: enough for a short pet, not for a long one

/** A valid data file exactly `LIMIT_KB` KiB minus `ROOM` bytes long; returns its last id. */
function fillToNearLimit(path: string): number {
  const line = (id: number, name: string) => `${JSON.stringify({ pet: { id, name, categoryId: 1 } })}\n`;
  const target = LIMIT_KB * 1024 - ROOM;
  let content = "";
  let id = 0;
  while (target - content.length > 2000) content += line(++id, "x".repeat(1000));
  const rest = target - content.length - line(++id, "").length;
  content += line(id, "y".repeat(rest));
  writeFileSync(path, content);
  expect(content.length).toBe(target);
  return id;
}

describe("file store after a failed write", () => {
  it("cuts the partly written record back off, so the next create succeeds and the file stays valid", async () => {
    const path = join(dir, "pets.jsonl");
    const last = fillToNearLimit(path);
    const script = 'ulimit -f "$1" && shift && exec "$@"';
    const { stdout } = await promisify(execFile)(
      "bash",
      [
        "-c",
        script,
        "bash",
        String(LIMIT_KB),
        process.execPath,
        "--import",
        "tsx",
        "--conditions=@petstore/source",
        "test/storage/children/fsize-writer.ts",
        path,
        "a",
        "z".repeat(500),
        "b",
      ],
      { cwd: serverRoot },
    );
    // The long pet is written in part before the limit stops it; the short one after it must still fit.
    expect(
      stdout
        .trim()
        .split("\n")
        .map((answer) => JSON.parse(answer)),
    ).toEqual([{ id: last + 1 }, { error: "StoreUnavailableError EFBIG" }, { id: last + 3 }]);

    const repairs: string[] = [];
    const store = await createFileStore(path, { onRepair: (message) => repairs.push(message) });
    expect((await store.list({ limit: last + 10 })).slice(-2).map((pet) => [pet.id, pet.name])).toEqual([
      [last + 1, "a"],
      [last + 3, "b"],
    ]);
    await store.close();
    expect(repairs).toEqual([]);
    expect(readFileSync(path, "utf8").endsWith(`{"pet":{"id":${last + 3},"name":"b","categoryId":1}}\n`)).toBe(true);
  });
});
