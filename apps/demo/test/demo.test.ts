import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const demoRoot = fileURLToPath(new URL("..", import.meta.url));

describe("pnpm demo", () => {
  it("drives the server with the SDK, shows the deprecation, the injected fault and the retry, and exits 0", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@petstore/source", "src/main.ts"], {
      cwd: demoRoot,
      env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code, out).toBe(0);
    expect(out).toContain("http  POST /v1/pets  201");
    expect(out).toMatch(/GET \/v1\/pets\?status=available&limit=10 {2}200/);
    expect(out).toContain("is deprecated since 2025-12-05, removal 2030-12-05");
    expect(out).toContain("Sunset: Thu, 05 Dec 2030 00:00:00 GMT");
    expect(out).toMatch(/Deprecation: @\d+/);
    expect(out).toContain("503  ← the server answered 201; the demo's fault proxy dropped it and sent 503");
    expect(out).toContain("2 attempts for one call, and Luna exists exactly once.");
    expect(out).toContain("NotFoundError");
    expect(out).toContain('Body field "status" must be one of "available", "pending", "sold".');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: an ANSI colour sequence starts with ESC
    expect(out).not.toMatch(/\u001b\[/); // NO_COLOR is honoured
  });
});
