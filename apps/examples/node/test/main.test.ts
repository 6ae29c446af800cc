import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createPetstoreClient } from "@petstore/client";
import { createMemoryStore, startServer, type RunningServer } from "@petstore/server";
import { afterAll, beforeAll, expect, test } from "vitest";

const API_KEY = "example-node-main-key";
let server: RunningServer;
let child: ChildProcess;

beforeAll(async () => {
  server = await startServer({ port: 0, apiKeys: [API_KEY], store: createMemoryStore() });
  await createPetstoreClient({ apiKey: API_KEY, baseUrl: server.baseUrl }).pets.create({
    name: "Rex",
    categoryId: 1,
    status: "available",
  });
});

afterAll(async () => {
  // pnpm runs tsx, which runs node: stop the whole process group this test started.
  if (child?.pid && child.exitCode === null) {
    const exited = once(child, "exit");
    process.kill(-child.pid, "SIGTERM");
    await exited;
  }
  await server?.close();
});

test("`pnpm start` (src/main.ts) serves GET /available-pets from the configured server", async () => {
  child = spawn("pnpm", ["start"], {
    cwd: new URL("..", import.meta.url),
    env: { ...process.env, PORT: "0", PETSTORE_API_KEY: API_KEY, PETSTORE_BASE_URL: server.baseUrl },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/available-pets)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`[@petstore/example-node] pnpm start exited (${code}):\n${output}`)));
  });
  expect(await (await fetch(url)).json()).toEqual({ count: 1, pets: [{ id: 1, name: "Rex" }] });
});
