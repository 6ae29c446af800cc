import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { run } from "./run";
import { VERDACCIO_VERSION } from "./verdaccio";

/** How long the probe may take before the registry counts as unreachable. */
const PROBE_TIMEOUT_MS = 20_000;

/**
 * Why npm cannot fetch from `registry` (the test prints it and skips), or `undefined` when it can. It asks
 * with npm itself, so npm's own network settings (proxy, CA) apply; with an empty cache of its own, so an
 * answer cached by an earlier run cannot stand in for the network (offline, npm answers from its cache); and
 * without retries and with a deadline, so an offline machine finds out in seconds and no npm is left behind.
 */
export async function registryProblem(registry: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const cache = await mkdtemp(path.join(os.tmpdir(), "petstore-registry-probe-"));
  const args = [
    "view",
    `verdaccio@${VERDACCIO_VERSION}`,
    "version",
    "--registry",
    registry,
    "--cache",
    cache,
    "--prefer-online",
    "--fetch-retries=0",
    "--fetch-timeout=15000",
  ];
  try {
    const { stdout } = await run("npm", args, { cwd: os.tmpdir(), env, timeoutMs: PROBE_TIMEOUT_MS });
    if (stdout.trim() !== VERDACCIO_VERSION)
      return `npm asked ${registry} for verdaccio@${VERDACCIO_VERSION} and got ${JSON.stringify(stdout.trim())}`;
    return undefined;
  } catch (error) {
    const output = error instanceof Error ? error.message : String(error);
    // npm's error code and the failed request say what is wrong; the rest of its output is a stack trace.
    const reason = output
      .match(/^npm error (?:code \S+|FetchError: .*|\d{3} .*)$/gm)
      ?.map((line) => line.slice("npm error ".length));
    return `npm cannot fetch from ${registry}, which the release test needs (${reason?.join("; ") ?? output.trim().split("\n").at(-1)})`;
  } finally {
    await rm(cache, { recursive: true, force: true });
  }
}
