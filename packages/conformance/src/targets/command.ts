import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Target } from "../target";
import { httpTarget } from "./http";

// Captured before any MSW interceptor can patch the global, so the health check stays real HTTP.
const realFetch = globalThis.fetch;

/** Options of `startCommandTarget`. */
export interface CommandTargetOptions {
  /** A shell command that starts a Petstore server in the foreground, e.g. `pnpm --dir apps/server start`. */
  command: string;
  /** Folder the command runs in. Defaults to the current one. */
  cwd?: string;
  /** Short name used in reports. Defaults to `server`. */
  name?: string;
  /** How long the server may take to answer its health check. Defaults to 60 s. */
  timeoutMs?: number;
}

/** A free loopback port, found by listening on port 0 and letting go of it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Whether any process of the group is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the command's whole process group (the shell, pnpm, the server): SIGTERM, SIGKILL after 10 s, and resolves
 * once no process of the group is left, so the port and the data folder are free again.
 */
async function stopGroup(child: ChildProcess): Promise<void> {
  const pgid = child.pid!;
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pgid, signal);
    } catch {
      // Already gone.
    }
  };
  kill("SIGTERM");
  const deadline = Date.now() + 10_000;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) {
      kill("SIGKILL");
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once("exit", resolve));
}

/**
 * Runs `command` as the reference server's `pnpm start` is run, configured the way that server reads its
 * environment: `PORT` (a free loopback port), `HOST=127.0.0.1`, `PETSTORE_API_KEYS` (a fresh key) and
 * `PETSTORE_DATA_DIR` (a fresh temporary folder, removed on close). Resolves once `GET /healthz` answers 200; the
 * target is `http://127.0.0.1:<PORT>/v1`. `close` stops the command's process group and waits for it to exit.
 */
export async function startCommandTarget({
  command,
  cwd,
  name = "server",
  timeoutMs = 60_000,
}: CommandTargetOptions): Promise<Target> {
  const port = await freePort();
  const apiKey = `conformance-${crypto.randomUUID()}`;
  const dataDir = await mkdtemp(join(tmpdir(), "petstore-conformance-"));
  const child = spawn(command, {
    shell: true,
    detached: true,
    cwd,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PETSTORE_API_KEYS: apiKey,
      PETSTORE_DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const close = async () => {
    await stopGroup(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  const root = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await close();
      throw new Error(
        `[@petstore/conformance] the ${name} command exited (${child.exitCode ?? child.signalCode}) before answering ${root}/healthz: ${command}\n${stderr}`,
      );
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(
        `[@petstore/conformance] the ${name} command did not answer ${root}/healthz within ${timeoutMs} ms: ${command}\n${stderr}`,
      );
    }
    const status = await realFetch(`${root}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return httpTarget({ name, baseUrl: `${root}/v1`, apiKey, healthUrl: `${root}/healthz`, close });
}
