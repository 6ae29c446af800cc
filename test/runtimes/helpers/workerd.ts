import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";

/** workerd's config: the bundled worker, an HTTP socket on a free port, and outbound fetch allowed to loopback. */
function config(flags: string[]): string {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    # The default outbound service reaches only public addresses; the test servers are on 127.0.0.1.
    (name = "internet", network = (allow = ["public", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2026-11-01",
  compatibilityFlags = ${JSON.stringify(flags)},
);
`;
}

/**
 * Serves `dir/worker.js` with workerd, POSTs `input` to it and returns the worker's answer; workerd reports its
 * port on the control fd, as miniflare reads it.
 */
export async function runInWorkerd(
  workerd: string,
  dir: string,
  flags: string[],
  input: unknown,
): Promise<{ status: number; body: string; stderr: string }> {
  const file = join(dir, `workerd-${flags.join("-") || "plain"}.capnp`);
  writeFileSync(file, config(flags));
  const child = spawn(workerd, ["serve", file, "--control-fd=3"], { stdio: ["ignore", "ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let control = "";
      (child.stdio[3] as Readable).on("data", (chunk: Buffer) => {
        control += chunk;
        for (const line of control.split("\n").slice(0, -1)) {
          const event = line.startsWith("{") ? (JSON.parse(line) as { event?: string; port?: number }) : undefined;
          if (event?.event === "listen" && event.port) resolve(event.port);
        }
      });
      child.on("exit", (code) => reject(new Error(`workerd exited with ${code} before listening:\n${stderr}`)));
      child.on("error", reject);
    });
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      method: "POST",
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(60_000),
    });
    return { status: response.status, body: await response.text(), stderr };
  } finally {
    child.kill("SIGKILL");
  }
}
