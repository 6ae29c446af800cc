import { spawn } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPetstoreClient } from "@petstore/client";
import { describe, expect, it } from "vitest";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");

it("`pnpm mock:prism` prints the base URL to give the SDK, serves it, and stops on Ctrl-C", {
  timeout: 90_000,
}, async () => {
  // Its own process group, so SIGINT reaches pnpm, tsx and Prism together, as Ctrl-C in a terminal does.
  const child = spawn("pnpm", ["mock:prism"], {
    cwd: root,
    env: { ...process.env, PORT: "0" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /createPetstoreClient\(\{ apiKey: "any-key", baseUrl: "(http:\/\/[^"]+)" \}\)/.exec(output);
        if (match && output.includes("Ctrl-C stops it.")) resolve(match[1]!);
      });
      void exited.then((code) =>
        reject(new Error(`pnpm mock:prism exited with ${code} before printing a base URL:\n${output}`)),
      );
    });
    expect(output).toContain(`[@petstore/mock] Prism is mocking the Petstore contract at ${baseUrl}`);
    expect(output).toContain("answers come from the contract's examples");
    const petstore = createPetstoreClient({ apiKey: "any-key", baseUrl, maxRetries: 0 });
    expect((await petstore.pets.list()).map((pet) => pet.name)).toEqual(["Rex", "Tom"]);
    process.kill(-child.pid!, "SIGINT");
    await exited;
    await expect(fetch(`${baseUrl}/pets`)).rejects.toThrow();
  } finally {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
  }
});

const script = path.join(root, "packages", "mock", "scripts", "prism.ts");

/** Runs `scripts/prism.ts` as `pnpm mock:prism` does (tsx with the source condition), until it exits. */
function runScript(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@petstore/source", script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("`pnpm mock:prism` refuses bad input with one line and exit code 1", () => {
  it.each(["abc", "70000", "-1", "1.5"])("PORT=%s", async (value) => {
    const result = await runScript([], { PORT: value });
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: `[@petstore/mock] PORT must be a port number from 0 to 65535 (0 picks a free one), got "${value}": set PORT to a free port, or unset it for 4010\n`,
    });
  });

  it.each([["--dynamc"], ["--", "--dynamc"], ["extra"]])("%j, followed by the usage", async (...args) => {
    const result = await runScript(args, { PORT: "0" });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^\[@petstore\/mock\] (Unknown option '--dynamc'|Unexpected argument 'extra')\n\nUsage: pnpm mock:prism \[--dynamic\]\n/,
    );
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it("a port already in use", { timeout: 60_000 }, async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      expect(await runScript([], { PORT: String(port) })).toEqual({
        code: 1,
        stdout: "",
        stderr: `[@petstore/mock] startPrism: port ${port} on 127.0.0.1 is in use; pass another port, or 0 for a free one\n`,
      });
    } finally {
      busy.close();
    }
  });
});

it("`pnpm mock:prism --help` prints the usage and exits 0 without starting Prism", async () => {
  const result = await runScript(["--help"], { PORT: "0" });
  expect(result.code).toBe(0);
  expect(result.stderr).toBe("");
  expect(result.stdout).toMatch(/^Usage: pnpm mock:prism \[--dynamic\]\n[\s\S]*--dynamic[\s\S]*PORT/);
  expect(result.stdout).not.toContain("Prism is mocking");
});

it("an empty PORT means the default 4010", { timeout: 60_000 }, async () => {
  // Occupy 4010 so the run ends at once, and the message shows which port an empty PORT chose.
  const busy = createServer();
  const listening = await new Promise<boolean>((resolve) => {
    busy.once("error", () => resolve(false));
    busy.listen(4010, "127.0.0.1", () => resolve(true));
  });
  try {
    const result = await runScript([], { PORT: "" });
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: "[@petstore/mock] startPrism: port 4010 on 127.0.0.1 is in use; pass another port, or 0 for a free one\n",
    });
  } finally {
    if (listening) busy.close();
  }
});
