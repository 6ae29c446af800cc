import os from "node:os";
import { run } from "./run";
import { VERDACCIO_VERSION } from "./verdaccio";

/**
 * Why npm cannot fetch from `registry` (the test prints it and skips), or `undefined` when it can. It asks
 * with npm itself, so npm's own network settings apply, and without retries, so an offline machine finds out
 * in seconds rather than after npm's minute of back-off.
 */
export async function registryProblem(registry: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const args = ["view", `verdaccio@${VERDACCIO_VERSION}`, "version", "--registry", registry, "--fetch-retries=0", "--fetch-timeout=30000"];
  try {
    await run("npm", args, { cwd: os.tmpdir(), env });
    return undefined;
  } catch (error) {
    const output = error instanceof Error ? error.message : String(error);
    // npm's error code and the failed request say what is wrong; the rest of its output is a stack trace.
    const reason = output.match(/^npm error (?:code \S+|FetchError: .*|\d{3} .*)$/gm)?.map((line) => line.slice("npm error ".length));
    return `npm cannot fetch from ${registry}, which the release test needs (${reason?.join("; ") ?? output.trim().split("\n").at(-1)})`;
  }
}
