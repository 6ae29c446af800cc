import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCommandTarget, type Target } from "../src/index";
import { compareTargets, describeDisagreements } from "../src/fuzz/differential";
import { compareRawTargets } from "../src/fuzz/raw";
import { parseSeed } from "../src/seed";
import { startMockHttpTarget } from "../src/targets/mock-http";

// A fixed seed keeps `pnpm test` deterministic; set CONFORMANCE_SEED to explore or to replay a disagreement.
const seed = parseSeed(process.env.CONFORMANCE_SEED) ?? 20_261_127;
const repositoryRoot = fileURLToPath(new URL("../../..", import.meta.url));

const serverDir = join(repositoryRoot, "apps", "server");

/**
 * The server as users run it: what its `pnpm start` script runs (`tsx … src/main.ts`), on SQLite in a fresh temporary
 * folder, logging every request at the default level (to its stdout, which the target discards). Run by `node
 * --import tsx` rather than through pnpm and tsx's launcher, two processes that add seconds and nothing else.
 */
function serverCommand(): string {
  const { scripts } = JSON.parse(readFileSync(join(serverDir, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  if (!scripts.start.startsWith("tsx "))
    throw new Error(`apps/server's start script no longer starts with tsx; update this test: ${scripts.start}`);
  return `LOG_LEVEL=info "${process.execPath}" --import tsx ${scripts.start.slice("tsx ".length)}`;
}

let server: Target;
let mock: Target;
beforeAll(async () => {
  [server, mock] = await Promise.all([
    startCommandTarget({ command: serverCommand(), cwd: serverDir }),
    startMockHttpTarget(),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([mock?.close(), server?.close()]);
});

describe("@petstore/mock/http answers like the reference server, over real HTTP", () => {
  it("gives 1,000 generated fetch requests, some outside /v1, the same status, body and every header", {
    timeout: 240_000,
  }, async () => {
    const summary = await compareTargets(server, mock, { requests: 1000, seed });
    expect(summary.compared).toBe(1000);
    // The requests reach the health checks (200) and every layer of the API.
    for (const status of [200, 201, 400, 401, 404, 405]) expect(summary.statuses).toHaveProperty(String(status));
    expect(describeDisagreements(summary)).toBe("");
  });

  it("gives 1,000 generated raw-socket requests (targets, methods, framing, header floods) the same answers", {
    timeout: 240_000,
  }, async () => {
    const summary = await compareRawTargets(server, mock, { requests: 1000, seed });
    expect(summary.compared).toBe(1000);
    // The requests reach every layer, whatever the seed (fixed requests come first): the parser (400, 431),
    // authentication (401), routing (404, 405), the body (413, 415), the operations (200, 201).
    for (const status of [200, 201, 400, 401, 404, 405, 413, 415, 431])
      expect(summary.statuses).toHaveProperty(String(status));
    expect(describeDisagreements(summary)).toBe("");
  });
});
