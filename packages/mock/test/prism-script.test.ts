import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPetstoreClient } from "@petstore/client";
import { expect, it } from "vitest";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

it("`pnpm mock:prism` prints the base URL to give the SDK, serves it, and stops on Ctrl-C", { timeout: 90_000 }, async () => {
  // Its own process group, so SIGINT reaches pnpm, tsx and Prism together, as Ctrl-C in a terminal does.
  const child = spawn("pnpm", ["mock:prism"], { cwd: root, env: { ...process.env, PORT: "0" }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
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
      void exited.then((code) => reject(new Error(`pnpm mock:prism exited with ${code} before printing a base URL:\n${output}`)));
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
