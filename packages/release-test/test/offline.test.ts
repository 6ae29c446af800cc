import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedEnv } from "../src/env";
import { killRunning, run } from "../src/run";
import { registryProblem } from "../src/upstream";
import { VERDACCIO_VERSION } from "../src/verdaccio";
import { WORKSPACE_ROOT } from "../src/workspace";

// A registry on loopback that knows one package: what the probe asks npmjs for.
let registry: Server;
let registryUrl: string;
let userCache: string;

function packument(base: string) {
  return {
    name: "verdaccio",
    "dist-tags": { latest: VERDACCIO_VERSION },
    versions: {
      [VERDACCIO_VERSION]: {
        name: "verdaccio",
        version: VERDACCIO_VERSION,
        dist: { tarball: `${base}verdaccio.tgz`, shasum: "0".repeat(40) },
      },
    },
  };
}

beforeAll(async () => {
  userCache = await mkdtemp(path.join(os.tmpdir(), "petstore-user-npm-cache-"));
  registry = createServer((request, response) => {
    if (request.url !== "/verdaccio") return void response.writeHead(404).end("{}");
    response
      .writeHead(200, { "content-type": "application/json", "cache-control": "max-age=300" })
      .end(JSON.stringify(packument(registryUrl)));
  });
  await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  registry.closeAllConnections();
  await new Promise<void>((resolve) => registry.close(() => resolve()));
  await rm(userCache, { recursive: true, force: true });
});

describe("registryProblem, the release test's question before it starts", () => {
  it("is undefined while the registry answers", async () => {
    expect(
      await registryProblem(registryUrl, isolatedEnv(WORKSPACE_ROOT, { npm_config_cache: userCache })),
    ).toBeUndefined();
  });

  it("reports an unreachable registry even when the user's npm cache still holds the answer", async () => {
    // An earlier npm command filled the user's cache; then the machine goes offline.
    const env = isolatedEnv(WORKSPACE_ROOT, { npm_config_cache: userCache });
    const view = ["view", `verdaccio@${VERDACCIO_VERSION}`, "version", "--registry", registryUrl];
    // Asynchronously: the registry answering it lives in this process.
    expect((await run("npm", view, { cwd: os.tmpdir(), env, timeoutMs: 30_000 })).stdout.trim()).toBe(
      VERDACCIO_VERSION,
    );
    registry.closeAllConnections();
    await new Promise<void>((resolve) => registry.close(() => resolve()));
    // npm itself answers from that cache offline: the trap the probe must not fall into.
    expect((await run("npm", [...view, "--offline"], { cwd: os.tmpdir(), env, timeoutMs: 30_000 })).stdout.trim()).toBe(
      VERDACCIO_VERSION,
    );

    const problem = await registryProblem(registryUrl, env);
    expect(problem).toMatch(
      new RegExp(
        `^npm cannot fetch from ${registryUrl.replaceAll(".", "\\.")}, which the release test needs \\(.*ECONNREFUSED`,
      ),
    );
    registry.listen(0, "127.0.0.1");
  }, 60_000);
});

// A duration no other process on the machine is likely to sleep for, so `ps` finds only this test's sleepers.
const SLEEP = `${300 + (process.pid % 1000)}.${Date.now() % 1000}`;
const sleepers = () =>
  execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.trim() === `sleep ${SLEEP}`);

describe("run", () => {
  it("kills the command and everything it started when its deadline passes", async () => {
    // A shell that starts a grandchild and waits: what npm install does with its scripts.
    const started = run("sh", ["-c", `sleep ${SLEEP} & wait`], {
      cwd: os.tmpdir(),
      env: process.env,
      timeoutMs: 1_000,
    });
    await expect(started).rejects.toThrow(/timed out after 1000 ms/);
    expect(sleepers()).toEqual([]);
  });

  it("also kills what the command started in a process group and session of its own (a test's dev server)", async () => {
    const started = run("sh", ["-c", `setsid sleep ${SLEEP} & wait`], {
      cwd: os.tmpdir(),
      env: process.env,
      timeoutMs: 1_000,
    });
    await expect(started).rejects.toThrow(/timed out after 1000 ms/);
    expect(sleepers()).toEqual([]);
  });

  it("killRunning stops commands still running, as the release test's afterAll does after a hook timeout", async () => {
    const started = run("sh", ["-c", `sleep ${SLEEP} & wait`], { cwd: os.tmpdir(), env: process.env });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sleepers()).toHaveLength(1);
    killRunning();
    await expect(started).rejects.toThrow(/SIGKILL/);
    expect(sleepers()).toEqual([]);
  });
});

describe("the release test on a machine that cannot reach the registry", () => {
  it("skips every test with the reason, succeeds and leaves no npm behind", async () => {
    // Port 9 (discard) on loopback: nothing listens, as for a machine whose network is down.
    const unreachable = "http://127.0.0.1:9/";
    const { stdout, stderr } = await run(
      path.join(WORKSPACE_ROOT, "node_modules", ".bin", "vitest"),
      ["run", "--project", "release-test", "packages/release-test/test/publish.test.ts"],
      {
        cwd: WORKSPACE_ROOT,
        env: isolatedEnv(WORKSPACE_ROOT, { PETSTORE_UPSTREAM_REGISTRY: unreachable, NO_COLOR: "1" }),
        // Far above the probe's own 20 s deadline: a hanging probe fails here instead of holding the suite.
        timeoutMs: 120_000,
      },
    );
    expect(`${stdout}\n${stderr}`).toContain(
      `[@petstore/release-test] skipping the release test: npm cannot fetch from ${unreachable}`,
    );
    expect(stdout).toMatch(/Tests\s+\d+ skipped \(\d+\)/);
    const npmLeft = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
      .split("\n")
      .filter((line) => line.includes(unreachable));
    expect(npmLeft).toEqual([]);
  });
});
