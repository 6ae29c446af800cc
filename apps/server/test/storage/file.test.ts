import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFileStore } from "../../src/index";
import { describeStoreContract } from "./suite";

const dir = mkdtempSync(join(tmpdir(), "petstore-file-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
let current = "";

describeStoreContract("file", {
  fresh: async (options) => createFileStore((current = join(dir, `fresh-${++counter}`, "pets.jsonl")), options),
  reopen: async (options) => createFileStore(current, options),
});

describe("file store specifics", () => {
  it("creates missing folders and writes one JSON line per pet", async () => {
    const path = join(dir, "a", "b", "c", "pets.jsonl");
    const store = await createFileStore(path);
    await store.create({ name: "Rex", categoryId: 1 });
    await store.close();
    expect(readFileSync(path, "utf8")).toBe('{"pet":{"id":1,"name":"Rex","categoryId":1}}\n');
  });

  it("cuts a torn last line left by a crash and keeps every complete record", async () => {
    const path = join(dir, "torn.jsonl");
    writeFileSync(path, '{"pet":{"id":1,"name":"Rex","categoryId":1}}\n{"pet":{"id":2,"na');
    const store = await createFileStore(path);
    expect(await store.list({ limit: 10 })).toEqual([{ id: 1, name: "Rex", categoryId: 1 }]);
    expect((await store.create({ name: "Tom", categoryId: 2 })).pet.id).toBe(2);
    await store.close();
    expect(
      readFileSync(path, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line).pet.id),
    ).toEqual([1, 2]);
  });

  it("refuses a damaged file with a message naming the line", async () => {
    const path = join(dir, "damaged.jsonl");
    writeFileSync(path, '{"pet":{"id":1,"name":"Rex","categoryId":1}}\nnot json\n');
    await expect(createFileStore(path)).rejects.toThrow(/damaged\.jsonl line 2 is not valid JSON/);
  });

  it("refuses a second store on a file that is open, and takes over a lock left by a dead process", async () => {
    const path = join(dir, "locked.jsonl");
    const store = await createFileStore(path);
    await expect(createFileStore(path)).rejects.toThrow(/already open/);
    await store.close();
    appendFileSync(`${path}.lock`, "2147483646"); // a pid that does not run
    const again = await createFileStore(path);
    await again.close();
  });
});
