import { execFile, spawn } from "node:child_process";
import { createSocket } from "node:dgram";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const docs = fileURLToPath(new URL("..", import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "petstore-docs-scripts-"));
  await writeFile(
    join(dir, "invalid.json"),
    JSON.stringify({
      platformTarget: "cname.docs-platform.example",
      domains: [{ name: "docs.petstore.example" }],
      redirects: [],
    }),
  );
  await copyFile(join(docs, "domains.json"), join(dir, "valid.json"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs a script of apps/docs as its package script does (tsx, from apps/docs), from `cwd` as pnpm's INIT_CWD. */
function run(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = { ...process.env };
  for (const name of ["DOCS_DOMAINS_CONFIG", "DOCS_DNS_SERVER", "DOCS_HTTPS_PORT", "DOCS_HTTP_PORT", "DOCS_CA_FILE"])
    delete clean[name];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", join(docs, script), ...args],
      { cwd: docs, env: { ...clean, INIT_CWD: dir, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe("pnpm --filter @petstore/docs check:domains", () => {
  test("validates the repository's domains.json by default", async () => {
    const result = await run("scripts/validate-domains.ts", []);
    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: "[@petstore/docs] domains.json is valid: primary docs.petstore.example, 1 redirect(s).\n",
    });
  });

  test.concurrent.each([
    ["--config", ["--config", "invalid.json"], {}],
    ["--config after pnpm's --", ["--", "--config", "invalid.json"], {}],
    ["DOCS_DOMAINS_CONFIG", [], { DOCS_DOMAINS_CONFIG: "invalid.json" }],
  ])("validates the file given with %s, relative to where the command was typed", async (_, args, env) => {
    const result = await run("scripts/validate-domains.ts", args, env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `[@petstore/docs] invalid.json is not a valid domains config:\n  - line 1, column 1: the config is missing "certificateAuthority"\n`,
    );
  });

  test("reports the file it validated", async () => {
    const result = await run("scripts/validate-domains.ts", ["--config", "valid.json"], {
      DOCS_DOMAINS_CONFIG: "invalid.json",
    });
    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: "[@petstore/docs] valid.json is valid: primary docs.petstore.example, 1 redirect(s).\n",
    });
  });

  test.concurrent.each([
    [["--bogus"], "[@petstore/docs] Unknown option '--bogus'"],
    [["domains.json"], "[@petstore/docs] Unexpected argument 'domains.json'"],
    [["--config", ""], "[@petstore/docs] --config is empty; give the path of a domains config"],
  ])("refuses %j with one line and the usage, exit 2", async (args, line) => {
    const result = await run("scripts/validate-domains.ts", args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      new RegExp(
        `^${line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\n\nUsage: pnpm --filter @petstore/docs check:domains \\[--config <file>\\]\n`,
      ),
    );
  });

  test("--help prints the usage", async () => {
    const result = await run("scripts/validate-domains.ts", ["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Usage: pnpm --filter @petstore\/docs check:domains \[--config <file>\]\n[\s\S]*DOCS_DOMAINS_CONFIG/,
    );
  });
});

describe("pnpm docs:domains check names the environment variable a bad value came from", () => {
  test.concurrent.each([
    [
      { DOCS_HTTPS_PORT: "70000" },
      [],
      '[@petstore/docs] DOCS_HTTPS_PORT must be a port from 1 to 65535, not "70000"\n',
    ],
    [{ DOCS_HTTP_PORT: "http" }, [], '[@petstore/docs] DOCS_HTTP_PORT must be a port from 1 to 65535, not "http"\n'],
    [
      { DOCS_DNS_SERVER: "dns.example" },
      [],
      '[@petstore/docs] DOCS_DNS_SERVER must be an IP address with an optional port, such as 127.0.0.1:5353, not "dns.example"\n',
    ],
    [
      { DOCS_HTTPS_PORT: "443" },
      ["--https-port", "0"],
      '[@petstore/docs] --https-port must be a port from 1 to 65535, not "0"\n',
    ],
    [
      { DOCS_DNS_SERVER: "127.0.0.1" },
      ["--dns", "dns.example"],
      '[@petstore/docs] --dns must be an IP address with an optional port, such as 127.0.0.1:5353, not "dns.example"\n',
    ],
  ])("%j %j", async (env, args, stderr) => {
    const result = await run("src/domains/cli.ts", ["check", ...args], env);
    expect(result).toEqual({ code: 2, stdout: "", stderr });
  });
});

/** A port nothing listens on right now, for TCP or UDP. */
async function freePort(kind: "tcp" | "udp"): Promise<number> {
  if (kind === "udp") {
    const socket = createSocket("udp4");
    await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
    const { port } = socket.address();
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    return port;
  }
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("pnpm --filter @petstore/docs lab", () => {
  test("--help lists the scenarios", async () => {
    const result = await run("scripts/lab.ts", ["--", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^Usage: pnpm --filter @petstore\/docs lab \[scenario\]\n/);
    for (const name of ["healthy", "no-dns", "broken", "removed-primary"])
      expect(result.stdout).toMatch(new RegExp(`^  ${name} `, "m"));
  });

  test("refuses an unknown scenario with the list and the usage", async () => {
    const result = await run("scripts/lab.ts", ["--", "nodns"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^\[@petstore\/docs\] unknown lab scenario "nodns"; use one of: healthy, no-dns, broken, removed-primary\n\nUsage:/,
    );
  });

  test("serves the scenario named after pnpm's --", { timeout: 30_000 }, async () => {
    const [dnsPort, httpsPort] = [await freePort("udp"), await freePort("tcp")];
    const child = spawn(process.execPath, ["--import", "tsx", join(docs, "scripts/lab.ts"), "--", "no-dns"], {
      cwd: docs,
      env: { ...process.env, LAB_DNS_PORT: String(dnsPort), LAB_HTTPS_PORT: String(httpsPort) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("press Ctrl+C to stop.")) resolve();
        });
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
        void exited.then((code) => reject(new Error(`the lab exited with ${code}:\n${output}`)));
      });
      expect(output).toContain(
        `[@petstore/docs] lab "no-dns": DNS on 127.0.0.1:${dnsPort} (UDP), HTTPS on 127.0.0.1:${httpsPort}`,
      );
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });
});
