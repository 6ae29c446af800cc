import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCommandTarget, type Target } from "../src/index";
import { conformance } from "./helpers/cli";
import { startReferenceServer } from "./helpers/reference-server";

const repositoryRoot = fileURLToPath(new URL("../../..", import.meta.url));

describe("--server-url: a server the caller started", () => {
  let server: Target;
  beforeAll(async () => {
    server = await startReferenceServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("runs the whole matrix against it with the key from CONFORMANCE_API_KEY", async () => {
    const { stdout } = await conformance("server", ["--server-url", server.baseUrl], {
      CONFORMANCE_API_KEY: server.apiKey,
    });
    expect(stdout).toMatch(/\[@petstore\/conformance\] server: (\d+)\/\1 applicable cases pass, 0 fail/);
  }, 120_000);

  it("fails every authenticated case when the key is not one the server accepts", async () => {
    const run = conformance("server", ["--server-url", server.baseUrl], { CONFORMANCE_API_KEY: "not-a-key-it-knows" });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringMatching(/server: \d+\/\d+ applicable cases pass, [1-9]\d* fail/),
    });
  }, 120_000);
});

describe("startCommandTarget: a server the suite starts from a command", () => {
  it("starts the reference server's pnpm start on a free port with a fresh key, and stops it on close", async () => {
    const target = await startCommandTarget({
      command: "pnpm --silent --filter @petstore/server start",
      cwd: repositoryRoot,
    });
    try {
      const pets = await target.fetch(`${target.baseUrl}/pets`, {
        headers: { authorization: `Bearer ${target.apiKey}` },
      });
      expect(pets.status).toBe(200);
      expect(await pets.json()).toEqual([]);
      const unknownKey = await target.fetch(`${target.baseUrl}/pets`, { headers: { authorization: "Bearer nope" } });
      expect(unknownKey.status).toBe(401);
    } finally {
      await target.close();
    }
    await expect(fetch(target.healthUrl!)).rejects.toThrow();
  }, 120_000);

  it("reports a command that exits before answering, with what it printed", async () => {
    await expect(
      startCommandTarget({ command: `"${process.execPath}" -e "console.error('no database'); process.exit(3)"` }),
    ).rejects.toThrow(
      /the server command exited \(3\) before answering http:\/\/127\.0\.0\.1:\d+\/healthz: .*\nno database/,
    );
  });
});
