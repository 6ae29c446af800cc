import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const serverRoot = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "petstore-built-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the built server (the documented production start)", () => {
  it("`pnpm build` makes dist/main.js, which serves the API and exits 0 on a SIGTERM sent to it directly", async () => {
    execFileSync("pnpm", ["build"], { cwd: serverRoot, stdio: "pipe" });
    const child = spawn(process.execPath, [join(serverRoot, "dist", "main.js")], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", PORT: "0", PETSTORE_API_KEYS: "k", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const baseUrl = await new Promise<string>((resolve, reject) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk;
        const match = /listening on (http:\/\/\S+\/v1)/.exec(stderr);
        if (match) resolve(match[1]!);
      });
      void exited.then(() => reject(new Error(`exited before listening:\n${stderr}`)));
    });
    const created = await fetch(`${baseUrl}/pets`, {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: JSON.stringify({ name: "Rex", categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    expect(stderr).toContain(`SQLite (${join(dir, ".data", "petstore.db")})`);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 120_000);
});
