import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Pet } from "@petstore/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePets } from "../../src/index";
import { packageDir } from "../helpers/typescript";

// The bin run from source (tsx with the source condition); test/integration/dist.test.ts runs the built one.
const tsx = join(packageDir, "..", "..", "node_modules", ".bin", "tsx");
const bin = [tsx, "--conditions=@petstore/source", join(packageDir, "src", "cli", "main.ts")] as const;
const { NODE_OPTIONS: _nodeOptions, ...env } = process.env;

let folder: string;
const rex: Pet = { id: 3, name: "Rex", categoryId: 1, status: "available" };
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "petstore-mock-cli-"));
  await writeFile(join(folder, "pets.json"), JSON.stringify([rex]));
  await writeFile(join(folder, "bad-pet.json"), JSON.stringify([{ id: 1, name: "", categoryId: 1 }]));
  await writeFile(join(folder, "not-json.json"), "[{");
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** Runs the bin to its end: exit status, stdout and stderr. */
function runBin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      bin[0],
      [...bin.slice(1), ...args],
      { cwd: folder, env, timeout: 60_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

/** Starts `petstore-mock serve …` and resolves with the base URL it prints first. */
async function serve(args: string[]): Promise<{ child: ChildProcess; baseUrl: string; stderr: () => string }> {
  const child = spawn(bin[0], [...bin.slice(1), "serve", ...args], {
    cwd: folder,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  // Ready once both lines are out: the base URL on stdout, what it serves on stderr.
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const check = () => {
      if (stdout.includes("\n") && stderr.includes("\n")) resolve(stdout.split("\n")[0]!);
    };
    child.stdout?.setEncoding("utf8").on("data", (text: string) => {
      stdout += text;
      check();
    });
    child.stderr?.setEncoding("utf8").on("data", (text: string) => {
      stderr += text;
      check();
    });
    child.once("exit", (code) => reject(new Error(`petstore-mock exited (${code}): ${stderr}`)));
  });
  return { child, baseUrl, stderr: () => stderr };
}

describe("petstore-mock", () => {
  it("--help lists every option with its default", async () => {
    const { code, stdout } = await runBin(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: petstore-mock serve \[options\]/);
    for (const option of [
      "--port <n>",
      "--host <address>",
      "--pets <file|count>",
      "--seed <n>",
      "--api-key <key>",
      "--control-token <token>",
      "--latency <ms>",
      "--journal-size <n>",
      "-h, --help",
      "-v, --version",
    ])
      expect(stdout).toContain(option);
    expect(stdout.match(/\(default: /g)?.length).toBe(8);
  });

  it.concurrent.each([
    [["serve", "--prot", "4010"], "petstore-mock: unknown option '--prot' (see petstore-mock --help)"],
    [
      ["serve", "--port", "http"],
      'petstore-mock: --port must be a whole number from 0 to 65535, got "http" (see petstore-mock --help)',
    ],
    [
      ["serve", "--pets", "missing.json"],
      "petstore-mock: --pets missing.json: cannot read it (ENOENT) (see petstore-mock --help)",
    ],
    [
      ["serve", "--pets", "not-json.json"],
      /^petstore-mock: --pets not-json\.json: not JSON \(.+\) \(see petstore-mock --help\)$/,
    ],
    [
      ["serve", "--pets", "bad-pet.json"],
      /^petstore-mock: pets\[0\] is not a valid Pet: \/name must NOT have fewer than 1 characters$/,
    ],
    [
      ["serve", "--api-key", " k1 "],
      /^petstore-mock: apiKeys must be a non-empty array of non-empty strings without surrounding spaces/,
    ],
    [["serve", "--control-token", "a b"], /^petstore-mock: controlToken must be a non-empty string of printable ASCII/],
    [
      ["serve", "--journal-size", "-1"],
      "petstore-mock: option '--journal-size' argument is ambiguous (see petstore-mock --help)",
    ],
    [["start"], 'petstore-mock: unknown command "start": use petstore-mock serve [options] (see petstore-mock --help)'],
    [[], "petstore-mock: missing command: petstore-mock serve [options] (see petstore-mock --help)"],
  ] as const)("%j exits 2 with one line", async (args, line) => {
    const { code, stdout, stderr } = await runBin([...args]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    if (typeof line === "string") expect(stderr.trimEnd()).toBe(line);
    else expect(stderr.trimEnd()).toMatch(line);
  });

  it("serves the pets file with the given keys and control token, and exits 0 on SIGTERM", async () => {
    const args = ["--port", "0", "--pets", "pets.json", "--api-key", "k1", "--api-key", "k2", "--control-token", "T"];
    const { child, baseUrl, stderr } = await serve(args);
    try {
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(stderr()).toContain(`serving the Petstore API at ${baseUrl}`);
      const list = (key: string) => fetch(`${baseUrl}/pets`, { headers: { authorization: `Bearer ${key}` } });
      expect(await (await list("k2")).json()).toEqual([rex]);
      expect((await list("k3")).status).toBe(401);
      const origin = new URL(baseUrl).origin;
      expect((await fetch(`${origin}/__petstore/requests`)).status).toBe(401);
      const journal = await fetch(`${origin}/__petstore/requests`, { headers: { authorization: "Bearer T" } });
      expect(
        ((await journal.json()) as { entries: { status: number }[] }).entries.map((entry) => entry.status),
      ).toEqual([200, 401]);
    } finally {
      const [code, signal] = await (child.kill("SIGTERM"), once(child, "exit"));
      expect([code, signal]).toEqual([0, null]);
    }
  });

  it("exits 0 on SIGINT at once, while a request waits out a 10-minute latency", async () => {
    const { child, baseUrl } = await serve(["--port", "0", "--latency", "600000"]);
    // A request the latency holds for 10 minutes: SIGINT must not wait for it.
    const pending = fetch(`${baseUrl}/pets?limit=100`, { headers: { authorization: "Bearer any" } }).catch(
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    child.kill("SIGINT");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await pending).toBeInstanceOf(TypeError); // the connection was closed
  });

  it("--seed 42 serves the same 20 pets generatePets(20, { seed: 42 }) gives", async () => {
    const { child, baseUrl } = await serve(["--port", "0", "--seed", "42"]);
    try {
      const pets = await (
        await fetch(`${baseUrl}/pets?limit=100`, { headers: { authorization: "Bearer any" } })
      ).json();
      expect(pets).toEqual(generatePets(20, { seed: 42 }));
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  });

  it("a port in use exits 1 with one line", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const { code, stderr } = await runBin(["serve", "--port", String(port)]);
      expect(code).toBe(1);
      expect(stderr.trimEnd()).toBe(
        `petstore-mock: port ${port} on 127.0.0.1 is in use; pass another port, or 0 for a free one`,
      );
    } finally {
      blocker.close();
    }
  });
});
