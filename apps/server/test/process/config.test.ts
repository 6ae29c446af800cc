import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "../../src/config";
import { spawnServer, startChild } from "../helpers/child";

const dir = mkdtempSync(join(tmpdir(), "petstore-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readConfig", () => {
  it("has documented defaults", () => {
    expect(readConfig({}, "/srv/app")).toEqual({
      port: 4000,
      host: "127.0.0.1",
      apiKeys: [],
      generateKey: true,
      databaseFile: "/srv/app/.data/petstore.db",
      corsOrigins: ["*"],
      production: false,
      logLevel: "info",
    });
  });

  it("reads every variable", () => {
    const config = readConfig(
      {
        PORT: "8080",
        HOST: "0.0.0.0",
        PETSTORE_API_KEYS: " a, b ,,c ",
        PETSTORE_DATA_DIR: "data/x",
        DATABASE_URL: "postgres://db/x",
        PETSTORE_CORS_ORIGINS: "https://a.example, https://b.example",
        NODE_ENV: "production",
        LOG_LEVEL: "debug",
      },
      "/srv",
    );
    expect(config).toEqual({
      port: 8080,
      host: "0.0.0.0",
      apiKeys: ["a", "b", "c"],
      generateKey: false,
      databaseFile: "/srv/data/x/petstore.db",
      databaseUrl: "postgres://db/x",
      corsOrigins: ["https://a.example", "https://b.example"],
      production: true,
      logLevel: "debug",
    });
  });

  it.each(["abc", "-1", "70000", "1.5", " ", "0x1F9A", "1e3"])("rejects PORT=%j with a message", (port) => {
    expect(() => readConfig({ PORT: port }, "/")).toThrow(/PORT must be an integer from 0 to 65535/);
  });

  it.each(["verbose", "INFO", "10"])("rejects LOG_LEVEL=%s with a message", (level) => {
    expect(() => readConfig({ LOG_LEVEL: level }, "/")).toThrow(
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/,
    );
  });

  it("an empty NODE_ENV means development, as an unset one does", () => {
    expect(readConfig({ NODE_ENV: "" }, "/").production).toBe(false);
  });

  it.each([",,", " , "])("refuses PETSTORE_API_KEYS=%j: set, but no keys", (keys) => {
    expect(() => readConfig({ PETSTORE_API_KEYS: keys }, "/")).toThrow(/PETSTORE_API_KEYS is set but holds no keys/);
  });

  it("refuses a DATABASE_URL that is not a postgres URL, without printing it", () => {
    expect(() => readConfig({ DATABASE_URL: "nonsense-secret" }, "/")).toThrow(
      /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(() => readConfig({ DATABASE_URL: "nonsense-secret" }, "/")).not.toThrow(/nonsense-secret/);
  });

  it.each([
    ["clé", "U+00E9"],
    ["a b", "a space"],
    ["tab\there", "U+0009"],
  ])("refuses the key %j (not printable ASCII without spaces) with one line naming what is wrong", (key, what) => {
    expect(() => readConfig({ PETSTORE_API_KEYS: `good,${key}` }, "/")).toThrow(
      `[@petstore/server] key 2 of PETSTORE_API_KEYS holds ${what}: keys are printable ASCII without spaces`,
    );
  });

  it("reads PETSTORE_API_KEYS_FILE (one key a line, comments and blanks skipped) and refuses it with PETSTORE_API_KEYS", () => {
    const file = join(dir, "keys.txt");
    writeFileSync(file, "# live keys\nsk_live_1\n\n  sk_live_2  \r\n");
    expect(readConfig({ PETSTORE_API_KEYS_FILE: file, NODE_ENV: "production" }, "/")).toMatchObject({
      apiKeys: ["sk_live_1", "sk_live_2"],
      apiKeysFile: file,
      generateKey: false,
    });
    expect(() => readConfig({ PETSTORE_API_KEYS_FILE: file, PETSTORE_API_KEYS: "x" }, "/")).toThrow(/both set/);
    writeFileSync(file, "# nothing\n");
    expect(() => readConfig({ PETSTORE_API_KEYS_FILE: file }, "/")).toThrow(/holds no key/);
    expect(() => readConfig({ PETSTORE_API_KEYS_FILE: join(dir, "missing.txt") }, "/")).toThrow(
      /cannot read PETSTORE_API_KEYS_FILE .*missing\.txt/,
    );
  });

  it("refuses PETSTORE_DATA_FILE, saying what replaced it", () => {
    expect(() => readConfig({ PETSTORE_DATA_FILE: "/srv/pets.jsonl" }, "/")).toThrow(
      /PETSTORE_DATA_FILE is no longer read: .*Set PETSTORE_DATA_DIR to the folder that held the file/,
    );
  });

  it.each(["production", "staging"])("refuses NODE_ENV=%s without keys", (nodeEnv) => {
    expect(() => readConfig({ NODE_ENV: nodeEnv }, "/")).toThrow(/Set PETSTORE_API_KEYS/);
  });
});

describe("pnpm start", () => {
  it("a port in use is one line saying what to do, and the database is released and removed", async () => {
    const dataDir = join(dir, "busy");
    const first = await spawnServer({ PETSTORE_API_KEYS: "k", PETSTORE_DATA_DIR: join(dir, "first") });
    try {
      const port = new URL(first.baseUrl).port;
      const failure = await spawnServer({ PETSTORE_API_KEYS: "k", PORT: port, PETSTORE_DATA_DIR: dataDir }).catch(
        (error: Error) => error,
      );
      expect(String(failure)).toMatch(/\[@petstore\/server\] cannot start: listen EADDRINUSE.*set PORT to a free port/);
      expect(String(failure)).not.toMatch(/\n\s+at /);
      // Nothing changed: the folder and the database the failed start created are gone again.
      expect(existsSync(dataDir)).toBe(false);
      const again = await spawnServer({ PETSTORE_API_KEYS: "k", PETSTORE_DATA_DIR: dataDir });
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    } finally {
      first.child.kill("SIGTERM");
      await first.exited;
    }
  }, 90_000); // three server processes one after another: on a busy 2-core machine each can take 20 s to start

  it("a database that does not answer at start-up is one line saying what to check, without the password", async () => {
    const child = await startChild({
      PETSTORE_API_KEYS: "k",
      DATABASE_URL: "postgres://petstore:hunter2@127.0.0.1:1/petstore",
    });
    expect(await child.exited).toBe(1);
    expect(child.stderr()).toMatch(
      /^\[@petstore\/server\] cannot connect to PostgreSQL at DATABASE_URL: connect ECONNREFUSED 127\.0\.0\.1:1\. Check that it runs and that DATABASE_URL is right\.\n$/,
    );
    expect(child.stdout() + child.stderr()).not.toContain("hunter2");
  });

  it("exits 1 with a clear message in production without keys", async () => {
    await expect(spawnServer({ NODE_ENV: "production", PETSTORE_DATA_DIR: join(dir, "p") })).rejects.toThrow(
      /server exited \(1\)[\s\S]*refusing to start an API nobody can call/,
    );
  });

  it("creates and prints a working development key when none is configured", async () => {
    const server = await spawnServer({ PETSTORE_DATA_DIR: join(dir, "dev") });
    try {
      const [, key] = await server.waitFor(/created a development key for this run:\s+(sk_dev_\S+)/);
      const ok = await fetch(`${server.baseUrl}/pets`, { headers: { authorization: `Bearer ${key}` } });
      expect(ok.status).toBe(200);
      const health = await fetch(server.baseUrl.replace(/\/v1$/, "/healthz"));
      expect(health.status).toBe(200);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });

  it("writes JSON logs with the request id and never the Authorization header", async () => {
    const secret = "sk_live_super_secret_value";
    const server = await spawnServer({
      PETSTORE_API_KEYS: secret,
      PETSTORE_DATA_DIR: join(dir, "logs"),
      LOG_LEVEL: "trace",
    });
    try {
      const auth = { authorization: `Bearer ${secret}`, "content-type": "application/json" };
      await fetch(`${server.baseUrl}/pets`, { headers: { ...auth, "x-request-id": "log-check-1" } });
      await fetch(`${server.baseUrl}/pets`, {
        method: "POST",
        headers: { ...auth, "x-request-id": "log-check-2" },
        body: "{bad",
      });
      await fetch(`${server.baseUrl}/pets`, {
        headers: { authorization: "Bearer wrong_key_value", "x-request-id": "log-check-3" },
      });
      await server.waitFor(/"reqId":"log-check-3"[^\n]*"msg":"request completed"/);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    const lines = server
      .stdout()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const id of ["log-check-1", "log-check-2", "log-check-3"]) {
      expect(lines.some((line) => line.reqId === id && line.msg === "request completed")).toBe(true);
    }
    expect(server.stdout()).not.toContain(secret);
    expect(server.stdout()).not.toContain("wrong_key_value");
    expect(server.stderr()).not.toContain(secret);
  });
});
