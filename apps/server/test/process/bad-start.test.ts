import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { type ChildOptions, startChild } from "../helpers/child";

const dir = mkdtempSync(join(tmpdir(), "petstore-bad-start-"));
// Another user must be able to reach the folders below (mkdtemp makes them private to their owner).
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const serverEntry = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
const nobody = { uid: 65534, gid: 65534 };
/** Whether `nobody` can run this Node and read the server's source (not so when the checkout is private to root). */
const nobodyCanStart = () =>
  spawnSync(process.execPath, ["-e", `require("node:fs").accessSync(${JSON.stringify(serverEntry)})`], nobody)
    .status === 0;

/**
 * How to start the server so that `root` (a folder made read-only by its mode) stops it. Root may write anywhere: a
 * read-only mode stops only other users. Run as root (as CI does), the server is started as `nobody`, the account a
 * service usually runs under; when `nobody` cannot reach the checkout, it stays root in a mount namespace of its own
 * where `root` is a read-only mount. Run as anyone else, it is started as that user.
 */
function unprivileged(root: string): ChildOptions {
  if (process.getuid?.() !== 0) return {};
  if (nobodyCanStart()) return nobody;
  const readOnly = `mount --bind -o ro "$0" "$0" && exec "$@"`;
  return { prefix: ["unshare", "--mount", "--propagation", "private", "sh", "-c", readOnly, root] };
}

/** Every file and folder under `root`, with a hash of each file's bytes and each entry's mode. */
function snapshot(root: string): Record<string, string> {
  const entries: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const stat = statSync(path);
      if (stat.isDirectory()) {
        entries[path] = `folder ${stat.mode.toString(8)}`;
        walk(path);
      } else
        entries[path] =
          `file ${stat.mode.toString(8)} ${createHash("sha256").update(readFileSync(path)).digest("hex")}`;
    }
  };
  walk(root);
  return entries;
}

/** A valid database written by a start of this server (as root, say), to be met later under other conditions. */
function databaseIn(folder: string): void {
  mkdirSync(folder, { recursive: true });
  const db = new Database(join(folder, "petstore.db"));
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("CREATE TABLE earlier (x)");
  db.close();
}

/**
 * Starts the server on the data folder `data` (under `root`, which is watched) and expects it to refuse: exit 1, one
 * `[@petstore/server]` line matching `expected` on stderr and nothing else, and not one byte or mode changed under
 * `root`.
 */
async function expectRefusedStart(
  root: string,
  data: string,
  expected: RegExp,
  options: ChildOptions = {},
): Promise<void> {
  const before = snapshot(root);
  const child = await startChild({ PETSTORE_API_KEYS: "k", PETSTORE_DATA_DIR: data }, options);
  expect(await child.exited, child.stderr()).toBe(1);
  expect(child.stderr()).toMatch(/^\[@petstore\/server\] [^\n]+\n$/);
  expect(child.stderr()).toMatch(expected);
  expect(child.stdout()).toBe("");
  expect(snapshot(root)).toEqual(before);
}

describe("a start the data folder refuses is one line saying what to do, and changes nothing", () => {
  it("a read-only data folder", async () => {
    const root = join(dir, "read-only");
    mkdirSync(root, { mode: 0o555 });
    chmodSync(root, 0o555);
    await expectRefusedStart(root, root, /PETSTORE_DATA_DIR/, unprivileged(root));
  });

  it("a data folder to create in a read-only folder", async () => {
    const root = join(dir, "read-only-parent");
    mkdirSync(root);
    chmodSync(root, 0o555);
    await expectRefusedStart(root, join(root, "data"), /PETSTORE_DATA_DIR/, unprivileged(root));
  });

  it("a database another user wrote, in a folder this user may not write", async () => {
    const root = join(dir, "not-mine");
    databaseIn(root);
    chmodSync(root, 0o555);
    await expectRefusedStart(root, root, /petstore\.db.*PETSTORE_DATA_DIR/, unprivileged(root));
  });

  it("a data folder whose path runs through a file", async () => {
    const root = join(dir, "through-a-file");
    mkdirSync(root);
    writeFileSync(join(root, "notes.txt"), "not a folder\n");
    await expectRefusedStart(
      root,
      join(root, "notes.txt", "data"),
      /ENOTDIR.*part of the path is a file, not a folder/,
    );
  });

  it("a petstore.db that is not a SQLite database", async () => {
    const root = join(dir, "not-sqlite");
    mkdirSync(root);
    writeFileSync(join(root, "petstore.db"), "pets, one a line: Rex, Tom\n".repeat(200));
    await expectRefusedStart(
      root,
      root,
      /petstore\.db is not a SQLite database .*Move it away or point PETSTORE_DATA_DIR at another folder; nothing was changed\./,
    );
  });

  it("a database of a newer schema version", async () => {
    const root = join(dir, "newer");
    databaseIn(root);
    const db = new Database(join(root, "petstore.db"));
    db.exec("PRAGMA user_version = 99");
    db.close();
    await expectRefusedStart(root, root, /petstore\.db has schema version 99, newer than this server's \d+/);
  });
});
