import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { checkOptionsObject, MAX_DELAY_MS } from "../internal/check";
import { listenOptionsError, portInUseError } from "../internal/listen";

/** Options of `startPrism`. */
export interface StartPrismOptions {
  /** Port to listen on; 0 picks a free one. Defaults to 0. */
  port?: number;
  /** Interface to listen on. Defaults to `"127.0.0.1"`. */
  host?: string;
  /** Generate random bodies from the schemas (`--dynamic`) instead of serving the contract's examples. Defaults to false. */
  dynamic?: boolean;
  /** Milliseconds to wait for Prism to listen before giving up. Defaults to 30000. */
  startTimeout?: number;
}

/** A running Prism mock server. */
export interface RunningPrism {
  /** URL to give the SDK as `baseUrl`. Prism mounts the contract's paths at its root, without the servers' `/v1`. */
  baseUrl: string;
  /** Stops Prism and resolves when the process has exited. */
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

function prismCli(): string {
  try {
    return join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist/index.js");
  } catch {
    throw new Error(
      "[@petstore/mock] startPrism needs @stoplight/prism-cli: install it with `npm install --save-dev @stoplight/prism-cli@5.14.2`",
    );
  }
}

/** Prism prints an IPv6 host bare (`http://::1:4010`); a URL needs it in brackets (`http://[::1]:4010`). */
function bracketIpv6(url: string): string {
  const match = /^(https?:\/\/)(.*:.*):(\d+)$/.exec(url);
  return match && !match[2]!.startsWith("[") ? `${match[1]}[${match[2]}]:${match[3]}` : url;
}

/** Path of the contract's `openapi.yaml`, as installed. */
export function contractPath(): string {
  return require.resolve("@petstore/contract/openapi.yaml");
}

/** The first bad option as an error for `startPrism` to reject with, or undefined. */
function checkOptions(port: unknown, host: unknown, dynamic: unknown, startTimeout: unknown): Error | undefined {
  const listen = listenOptionsError("startPrism", port, host);
  if (listen) return listen;
  if (typeof dynamic !== "boolean")
    return new TypeError(`[@petstore/mock] startPrism: dynamic must be true or false, got ${String(dynamic)}`);
  if (typeof startTimeout !== "number" || !(startTimeout > 0 && startTimeout <= MAX_DELAY_MS)) {
    return new RangeError(
      `[@petstore/mock] startPrism: startTimeout must be a positive number of milliseconds up to ${MAX_DELAY_MS}, got ${String(startTimeout)}`,
    );
  }
  return undefined;
}

/**
 * Starts `prism mock` on the contract's openapi.yaml and resolves once it listens. Prism serves the contract's
 * examples (or random bodies with `dynamic`), accepts any bearer token and keeps no state; see the README.
 */
export async function startPrism(options: StartPrismOptions = {}): Promise<RunningPrism> {
  checkOptionsObject("startPrism options", options, ["port", "host", "dynamic", "startTimeout"]);
  const { port = 0, host = "127.0.0.1", dynamic = false, startTimeout = 30_000 } = options;
  const problem = checkOptions(port, host, dynamic, startTimeout);
  if (problem) throw problem;
  const args = [prismCli(), "mock", contractPath(), "-h", host, "-p", String(port), ...(dynamic ? ["--dynamic"] : [])];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
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
      reject(new Error(`[@petstore/mock] Prism did not start within ${startTimeout} ms:\n${output}`));
    }, startTimeout);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      // Prism answers a taken port with its whole help screen and a stack; the one fact that matters is the port.
      if (/EADDRINUSE/.test(output)) {
        reject(portInUseError("startPrism", port, host));
        return;
      }
      reject(new Error(`[@petstore/mock] Prism exited with code ${String(code)} before listening:\n${output}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Prism is listening on (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.off("exit", onExit);
      child.stdout.off("data", onData);
      // Keep draining Prism's request log so a full pipe never blocks it.
      child.stdout.resume();
      child.stderr.resume();
      resolve({ baseUrl: bracketIpv6(match[1]!.replace(/\/$/, "")), stop });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", onExit);
  });
}
