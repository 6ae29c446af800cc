import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { createMemoryStore, startServer, type RunningServer } from "@petstore/server";
import { afterAll, beforeAll, expect, test } from "vitest";

const API_KEY = "example-node-empty-key";
let server: RunningServer;
let child: ChildProcess;

beforeAll(async () => {
  server = await startServer({ port: 0, apiKeys: [API_KEY], store: createMemoryStore() });
});

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = once(child, "exit");
    process.kill(-child.pid, "SIGTERM");
    await exited;
  }
  await server?.close();
});

test("on an empty server, `pnpm start` prints a command that adds a pet, and the command works", async () => {
  child = spawn("pnpm", ["start"], {
    cwd: new URL("..", import.meta.url),
    env: { ...process.env, PORT: "0", PETSTORE_API_KEY: API_KEY, PETSTORE_BASE_URL: server.baseUrl },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let output = "";
  const [url, command] = await new Promise<[string, string]>((resolve, reject) => {
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+\/available-pets)/.exec(output)?.[1];
      const hint = /no available pets yet; add one with:\n {2}(curl .+)\n/.exec(output)?.[1];
      if (listening && hint) resolve([listening, hint]);
    });
    child.once("exit", (code) => reject(new Error(`[@petstore/example-node] pnpm start exited (${code}):\n${output}`)));
  });
  expect(await (await fetch(url)).json()).toEqual({ count: 0, pets: [] });

  // Pasted into a shell where PETSTORE_API_KEY is set, as it is for `pnpm start`.
  await promisify(execFile)("sh", ["-c", command], { env: { ...process.env, PETSTORE_API_KEY: API_KEY } });
  expect(await (await fetch(url)).json()).toEqual({ count: 1, pets: [{ id: 1, name: "Rex" }] });
});

test("the README shows the hint exactly as the example prints it for the server `pnpm start` runs", async () => {
  const { addPetCommand } = await import("../src/empty-store");
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  expect(readme).toContain(
    "```text\n[@petstore/example-node] the Petstore API has no available pets yet; add one with:\n" +
      `  ${addPetCommand("http://127.0.0.1:4000/v1")}\n` +
      "```\n",
  );
});
