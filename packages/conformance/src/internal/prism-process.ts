import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** Absolute path of the contract's openapi.yaml, as installed. */
export const contractPath = require.resolve("@petstore/contract/openapi.yaml");

/** A running Prism process. */
export interface PrismProcess {
  /** Root URL Prism listens on (it mounts the contract's paths here, without `/v1`). */
  url: string;
  stop(): Promise<void>;
}

/** Starts the Prism CLI (`mock` or `proxy`) on an ephemeral loopback port and resolves once it listens. */
export function spawnPrism(args: readonly string[], timeoutMs = 30_000): Promise<PrismProcess> {
  const cli = join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist/index.js");
  const child = spawn(process.execPath, [cli, ...args, "-h", "127.0.0.1", "-p", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`[@petstore/conformance] Prism did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Prism is listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout.off("data", onData);
        child.stdout.resume();
        resolve({ url: match[1]!.replace(/\/$/, ""), stop });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`[@petstore/conformance] Prism exited with ${code} before listening:\n${output}`));
    });
  });
}
