import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const serverRoot = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "petstore-full-disk-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A private mount namespace with a 256 KiB tmpfs on `dir`, filled up before the server starts; it vanishes with
// the namespace. After the server exits, the script lists what is left on that disk.
const SCRIPT = `
mount -t tmpfs -o size=256k petstore-full "$1" || exit 97
cat /dev/zero > "$1/filler" 2>/dev/null
shift
"$@"
code=$?
echo "left: $(ls -A "$PETSTORE_DATA_DIR" | tr '\\n' ' ')"
exit $code`;

const probe = spawnSync("unshare", ["--mount", "sh", "-c", `mount -t tmpfs -o size=64k probe "${dir}"`], {
  encoding: "utf8",
});
const unavailable = probe.error ? String(probe.error) : probe.status !== 0 ? probe.stderr.trim() : undefined;

function startOnFullDisk(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const node = [process.execPath, "--import", "tsx", "--conditions=@petstore/source", "src/main.ts"];
  const child = spawn("unshare", ["--mount", "sh", "-c", SCRIPT, "sh", dir, ...node], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      PETSTORE_API_KEYS: "k",
      PETSTORE_DATA_DIR: dir,
    },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

describe("starting on a full disk", () => {
  it("fails with one line saying what to do, and leaves no file behind", async (context) => {
    if (unavailable) return context.skip(`cannot mount a small tmpfs to fill (${unavailable}); needs root on Linux`);
    const { code, stdout, stderr } = await startOnFullDisk();
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(
      /^\[@petstore\/server\] the disk holding \S+petstore\.db is full \(.*\)\. Free space on it, or point PETSTORE_DATA_DIR at another disk; nothing was changed\.\n$/,
    );
    expect(stdout).toBe("left: filler \n");
  }, 60_000);
});
