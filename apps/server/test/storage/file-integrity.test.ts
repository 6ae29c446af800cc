import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFileStore } from "../../src/store/file";
import { spawnServer } from "../helpers/child";

const dir = mkdtempSync(join(tmpdir(), "petstore-file-integrity-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;

const rex = '{"pet":{"id":1,"name":"Rex","categoryId":1}}';
const tom = '{"pet":{"id":2,"name":"Tom","categoryId":2,"status":"sold"}}';

/** A fresh data file holding exactly `content`. */
function dataFile(content: string): string {
  const path = join(dir, `data-${++counter}.jsonl`);
  writeFileSync(path, content);
  return path;
}

/** Opens `path`, collecting what the store reports as repaired. */
async function openCollecting(path: string) {
  const repairs: string[] = [];
  const store = await createFileStore(path, { onRepair: (message) => repairs.push(message) });
  return { store, repairs };
}

/** Expects the open to be refused with `message`, the file left byte for byte as it was and no lock left behind. */
async function expectRefusedUntouched(content: string, message: RegExp): Promise<void> {
  const path = dataFile(content);
  const error = await createFileStore(path).then(
    () => undefined,
    (reason: Error) => reason,
  );
  expect(error?.message).toMatch(message);
  expect(error?.message).toContain(`[@petstore/server] ${path}`);
  expect(readFileSync(path, "utf8")).toBe(content);
  expect(existsSync(`${path}.lock`)).toBe(false);
}

describe("file store: validating the data file before touching it", () => {
  it("refuses a file damaged in the middle without cutting its unfinished last line", async () => {
    await expectRefusedUntouched(
      `${rex}\ngarbage\n{"pet":{"id":3,"na`,
      /line 2 is not valid JSON: the data file is damaged\. Restore it/,
    );
  });

  it("refuses a file that is not a petstore data file, unchanged, whether or not it ends in a newline", async () => {
    await expectRefusedUntouched(
      "important notes, no newline at end",
      /is not a petstore data file: line 1 is not valid JSON\. Point PETSTORE_DATA_FILE/,
    );
    await expectRefusedUntouched(
      "important notes\nmore notes\n",
      /is not a petstore data file: line 1 is not valid JSON/,
    );
    await expectRefusedUntouched('{"name":"settings"}\n', /is not a petstore data file: line 1 is not a store record/);
  });

  it.each([
    [
      "ids out of order",
      `${rex}\n{"pet":{"id":3,"name":"A","categoryId":1}}\n{"pet":{"id":2,"name":"B","categoryId":1}}\n`,
      /line 3 has pet id 2, but ids must be strictly ascending and the line before has 3/,
    ],
    ["a duplicate id", `${rex}\n${rex}\n`, /line 2 has pet id 1, but ids must be strictly ascending/],
    [
      "a string id",
      `${rex}\n{"pet":{"id":"2","name":"A","categoryId":1}}\n`,
      /line 2 has pet\.id "2": ids are positive safe integers/,
    ],
    ["a zero id", `{"pet":{"id":0,"name":"A","categoryId":1}}\n`, /line 1 has pet\.id 0/],
    ["a fractional id", `${rex}\n{"pet":{"id":2.5,"name":"A","categoryId":1}}\n`, /line 2 has pet\.id 2\.5/],
    [
      "an id beyond 2^53",
      `${rex}\n{"pet":{"id":9007199254740993,"name":"A","categoryId":1}}\n`,
      /line 2 has pet\.id 9007199254740992/,
    ],
    ["a null line", `${rex}\nnull\n`, /line 2 is not a store record/],
    ["an empty object", `${rex}\n{}\n`, /line 2 is not a store record/],
    ["an array", `${rex}\n[1,2]\n`, /line 2 is not a store record/],
    ["a pet that is not an object", `${rex}\n{"pet":7}\n`, /line 2 has a "pet" that is not an object/],
    [
      "an empty name",
      `${rex}\n{"pet":{"id":2,"name":"","categoryId":1}}\n`,
      /line 2 has pet 2 without a non-empty string name/,
    ],
    ["a missing categoryId", `${rex}\n{"pet":{"id":2,"name":"A"}}\n`, /line 2 has pet 2 with categoryId undefined/],
    [
      "an unknown status",
      `${rex}\n{"pet":{"id":2,"name":"A","categoryId":1,"status":"lost"}}\n`,
      /line 2 has pet 2 with status "lost"/,
    ],
    [
      "a null status",
      `${rex}\n{"pet":{"id":2,"name":"A","categoryId":1,"status":null}}\n`,
      /line 2 has pet 2 with status null/,
    ],
    [
      "an unknown pet field",
      `${rex}\n{"pet":{"id":2,"name":"A","categoryId":1,"owner":"x"}}\n`,
      /line 2 has pet with an unknown field "owner"/,
    ],
    [
      "an unknown record field",
      `${rex}\n{"pet":{"id":2,"name":"A","categoryId":1},"deleted":true}\n`,
      /line 2 has the record with an unknown field "deleted"/,
    ],
    [
      "an idempotency key that is a number",
      `${rex}\n{"pet":{"id":2,"name":"A","categoryId":1},"idempotency":{"scope":"s","key":5,"fingerprint":"f","at":1}}\n`,
      /line 2 has an idempotency entry whose scope, key and fingerprint/,
    ],
    [
      "an idempotency entry without at",
      `${rex}\n{"pet":{"id":2,"name":"A","categoryId":1},"idempotency":{"scope":"s","key":"k","fingerprint":"f"}}\n`,
      /line 2 has idempotency\.at undefined/,
    ],
    ["an empty line", `${rex}\n\n${tom}\n`, /line 2 is empty/],
    ["a complete last line that is JSON but not a record", `${rex}\n42`, /line 2 is not a store record/],
  ])("refuses %s, naming the file and line, and leaves the file unchanged", async (_case, content, message) => {
    await expectRefusedUntouched(content, message);
  });

  it("loads every shape the store writes: status, no status and idempotency records", async () => {
    const idempotent =
      '{"pet":{"id":5,"name":"Kit","categoryId":3},"idempotency":{"scope":"s","key":"k","fingerprint":"f","at":1000}}';
    const { store, repairs } = await openCollecting(dataFile(`${rex}\n${tom}\n${idempotent}\n`));
    expect(await store.list({ limit: 10 })).toEqual([
      { id: 1, name: "Rex", categoryId: 1 },
      { id: 2, name: "Tom", categoryId: 2, status: "sold" },
      { id: 5, name: "Kit", categoryId: 3 },
    ]);
    expect((await store.create({ name: "New", categoryId: 1 })).pet.id).toBe(6);
    await store.close();
    expect(repairs).toEqual([]);
  });
});

describe("file store: repairs on open", () => {
  it("keeps a complete last record that only lacks its newline, adds the newline and reports it", async () => {
    const path = dataFile(`${rex}\n${tom}`);
    const { store, repairs } = await openCollecting(path);
    expect((await store.list({ limit: 10 })).map((pet) => pet.id)).toEqual([1, 2]);
    expect((await store.create({ name: "Kit", categoryId: 3 })).pet.id).toBe(3);
    await store.close();
    expect(repairs).toEqual([`[@petstore/server] ${path}: added the missing newline after the last record (line 2).`]);
    expect(readFileSync(path, "utf8")).toBe(`${rex}\n${tom}\n{"pet":{"id":3,"name":"Kit","categoryId":3}}\n`);
  });

  it("cuts a torn last record after valid ones and reports what it cut", async () => {
    const path = dataFile(`${rex}\n{"pet":{"id":2,"na`);
    const { store, repairs } = await openCollecting(path);
    await store.close();
    expect(repairs).toHaveLength(1);
    expect(repairs[0]).toMatch(
      /^\[@petstore\/server\] .*: cut an incomplete last record \(line 2, 18 bytes: .*\{\\"pet\\":\{\\"id\\":2,\\"na/,
    );
    expect(readFileSync(path, "utf8")).toBe(`${rex}\n`);
  });

  it("cuts a torn first record left by a crash during the very first create", async () => {
    for (const torn of ['{"pet":{"id":1,"na', '{"pe']) {
      const path = dataFile(torn);
      const { store, repairs } = await openCollecting(path);
      expect(await store.list({ limit: 10 })).toEqual([]);
      await store.close();
      expect(repairs[0]).toMatch(/cut an incomplete last record \(line 1/);
      expect(readFileSync(path, "utf8")).toBe("");
    }
  });

  it("reports repairs as a process warning when no onRepair is given", async () => {
    const path = dataFile(`${rex}`);
    const warned = new Promise<Error>((resolve) => process.once("warning", resolve));
    const store = await createFileStore(path);
    await store.close();
    const warning = (await warned) as Error & { code?: string };
    expect(warning.code).toBe("PETSTORE_DATA_FILE_REPAIRED");
    expect(warning.message).toContain(`${path}: added the missing newline`);
  });
});

describe("file store: failures release what the open took", () => {
  it("frees the lock and the file after a refused open, so the fixed file opens in the same process", async () => {
    const path = dataFile("null\n");
    const fds = () => (existsSync("/proc/self/fd") ? readdirSync("/proc/self/fd").length : 0);
    const before = fds();
    await expect(createFileStore(path)).rejects.toThrow(/line 1 is not a store record/);
    expect(fds()).toBe(before);
    expect(existsSync(`${path}.lock`)).toBe(false);
    writeFileSync(path, `${rex}\n`); // the operator fixes the file
    const store = await createFileStore(path);
    expect(await store.get(1)).toEqual({ id: 1, name: "Rex", categoryId: 1 });
    await store.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});

describe("pnpm start with a data file that is not one", () => {
  it("exits 1 with one line naming the file, and leaves the file as it was", async () => {
    const content = "important notes, no newline at end";
    const path = dataFile(content);
    const failure = await spawnServer({ PETSTORE_API_KEYS: "k", PETSTORE_DATA_FILE: path }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/server exited \(1\)/);
    expect(failure).toContain(`[@petstore/server] ${path} is not a petstore data file: line 1 is not valid JSON.`);
    expect(failure).not.toMatch(/\n\s+at /);
    expect(readFileSync(path, "utf8")).toBe(content);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
