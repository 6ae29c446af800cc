import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, startChild, type ChildServer } from "../helpers/child";

const dir = mkdtempSync(join(tmpdir(), "petstore-container-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, "pets.jsonl");
const env = { PETSTORE_API_KEYS: "k", PETSTORE_DATA_FILE: file, LOG_LEVEL: "warn" };
const headers = { authorization: "Bearer k", "content-type": "application/json" };

// A PID namespace of its own, as a container has: the server in it is pid 1. --kill-child: killing unshare kills it.
const CONTAINER = ["unshare", "--pid", "--fork", "--kill-child", "--mount-proc"];
const probe = spawnSync(CONTAINER[0]!, [...CONTAINER.slice(1), "true"], { encoding: "utf8" });
const unavailable = probe.error
  ? String(probe.error)
  : probe.status !== 0
    ? `unshare failed: ${probe.stderr.trim()}`
    : undefined;

/** Starts a server that must refuse the file; resolves with its exit code and its stderr. */
async function refusal(prefix: string[] = []): Promise<{ code: number | NodeJS.Signals; stderr: string }> {
  const child = await startChild(env, prefix);
  const code = await child.exited;
  return { code, stderr: child.stderr() };
}

const expectRefused = ({ code, stderr }: { code: number | NodeJS.Signals; stderr: string }, pid: number) => {
  expect(code).toBe(1);
  expect(stderr).toMatch(
    new RegExp(
      `^\\[@petstore/server\\] ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} is in use by another server \\(pid ${pid} on host \\S+, started [^)]+\\)\\. Stop it, or point PETSTORE_DATA_FILE at another file\\.\\n$`,
    ),
  );
};

describe("the data file lock across PID namespaces (containers)", () => {
  it("lets one server use the file whatever namespaces the others run in, and passes it on when that one is killed", async (context) => {
    if (unavailable)
      return context.skip(
        `cannot make a PID namespace (${unavailable}); run as root on Linux with util-linux's unshare`,
      );
    let inside: ChildServer | undefined;
    let next: ChildServer | undefined;
    try {
      inside = await spawnServer(env, { prefix: CONTAINER });
      const created = await fetch(`${inside.baseUrl}/pets`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "Rex", categoryId: 1 }),
      });
      expect(created.status).toBe(201);

      // Both ask with pid 1 in their own namespace, or a pid that is not the holder's: neither may start.
      expectRefused(await refusal(), 1);
      expectRefused(await refusal(CONTAINER), 1);

      inside.child.kill("SIGKILL"); // the container dies: its lock file stays, naming pid 1, and nobody holds it
      await inside.exited;
      next = await spawnServer(env, { prefix: CONTAINER });
      const rex = await fetch(`${next.baseUrl}/pets/1`, { headers });
      expect(await rex.json()).toEqual({ id: 1, name: "Rex", categoryId: 1 });
      const again = await fetch(`${next.baseUrl}/pets`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "Max", categoryId: 1 }),
      });
      expect((await again.json()).id).toBe(2);
      // And the other way round: a server in the host namespace holds it against a container.
      next.child.kill("SIGKILL");
      await next.exited;
      next = await spawnServer(env);
      expectRefused(await refusal(CONTAINER), next.child.pid!);
    } finally {
      inside?.child.kill("SIGKILL");
      next?.child.kill("SIGKILL");
      await Promise.all([inside?.exited, next?.exited]);
    }
    expect(readdirSync(dir).filter((name) => name.includes(".tmp"))).toEqual([]);
  }, 60_000);
});
