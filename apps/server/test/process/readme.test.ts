// The commands of README.md's "Several instances on PostgreSQL", run as written against the tests' own database
// (its URL in place of the example's) on free ports, and what the text around them promises during an outage.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, type TestDatabase } from "../helpers/postgres";

const serverRoot = fileURLToPath(new URL("../..", import.meta.url));
const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

/** The first sh block after a heading, as lines. */
function shBlockAfter(heading: string): string[] {
  const at = readme.indexOf(`\n${heading}\n`);
  if (at < 0) throw new Error(`README.md has no "${heading}"`);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  return block![1]!.trim().split("\n");
}

let database: TestDatabase = { skip: "not started" };
const started: ChildProcess[] = [];
beforeAll(async () => {
  database = await startTestDatabase();
}, 300_000);
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
  if ("stop" in database) await database.stop();
});

/** Runs a `VAR=value … pnpm start` line (DATABASE_URL and PORT replaced); resolves with the origin it listens on. */
function start(line: string, databaseUrl: string): Promise<string> {
  const match = /^((?:\w+=\S+ )+)pnpm start$/.exec(line);
  if (!match) throw new Error(`not a "VAR=value pnpm start" line: ${line}`);
  const assigned = Object.fromEntries(
    match[1]!
      .trim()
      .split(" ")
      .map((pair) => pair.split("=") as [string, string]),
  );
  expect(Object.keys(assigned)).toEqual(["DATABASE_URL", "PETSTORE_API_KEYS", "PORT"]);
  // detached: pnpm does not pass signals on, so the whole process group is killed afterwards.
  const child = spawn("pnpm", ["start"], {
    cwd: serverRoot,
    detached: true,
    env: { ...process.env, ...assigned, DATABASE_URL: databaseUrl, PORT: "0", LOG_LEVEL: "warn" },
  });
  started.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    child.stderr!.on("data", (chunk) => {
      output += chunk;
      const listening = /listening on (http:\/\/\S+)\/v1/.exec(output);
      if (listening) resolve(listening[1]!);
    });
    child.on("exit", (code) => reject(new Error(`pnpm start exited with ${code}:\n${output}`)));
  });
}

async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await delay(50);
  }
}

describe("README: several instances on PostgreSQL", () => {
  it("the commands start two instances that share pets and keys, and ride out a database outage", async (context) => {
    if ("skip" in database) return context.skip(database.skip);
    const [first, second, curl] = shBlockAfter("## Several instances on PostgreSQL");
    const origins = [await start(first!, database.url), await start(second!, database.url)];
    const readmeOrigin = /http:\/\/127\.0\.0\.1:4001/;
    expect(curl).toMatch(/^curl -sS http:\/\/127\.0\.0\.1:4001\/readyz$/);
    const readyz = async () =>
      (await promisify(execFile)("sh", ["-c", curl!.replace(readmeOrigin, origins[0]!)])).stdout;
    expect(await readyz()).toBe('{"status":"ready"}');
    expect(readme).toContain('The last line prints `{"status":"ready"}`.');

    const headers = { authorization: "Bearer sk_live_1", "content-type": "application/json" };
    const create = (origin: string, key: string) =>
      fetch(`${origin}/v1/pets`, {
        method: "POST",
        headers: { ...headers, "idempotency-key": key },
        body: JSON.stringify({ name: key, categoryId: 1 }),
      });
    const both = await Promise.all(
      origins.map((origin) => create(origin, "same-key").then((response) => response.text())),
    );
    expect(both[0]).toBe(both[1]);
    const listed = await (await fetch(`${origins[1]}/v1/pets`, { headers })).json();
    expect(listed).toEqual([JSON.parse(both[0]!)]);

    if (!database.cluster) return; // a shared DATABASE_URL server is not stopped by the tests
    await database.cluster.stop();
    try {
      await until("/readyz answers 503", async () => (await readyz()).includes('"code":"service_unavailable"'));
      const refused = await create(origins[1]!, "during-outage");
      expect([refused.status, refused.headers.get("retry-after"), (await refused.json()).code]).toEqual([
        503,
        "2",
        "service_unavailable",
      ]);
      expect((await fetch(`${origins[0]}/healthz`)).status).toBe(200);
    } finally {
      await database.cluster.start();
    }
    await until("/readyz answers 200 again", async () => (await readyz()) === '{"status":"ready"}');
    expect((await create(origins[1]!, "after-outage")).status).toBe(201);
    expect(started.every((child) => child.exitCode === null)).toBe(true);
  }, 120_000);
});
