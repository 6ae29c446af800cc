import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/** A PostgreSQL database for one test file. */
export type TestDatabase = { url: string; stop(): Promise<void> } | { skip: string };

const isRoot = process.getuid?.() === 0;

function findBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, "bin")).find((bin) => existsSync(join(bin, "initdb")));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (initdb refuses to run as root). */
function runPg(bin: string, tool: string, args: string[]): void {
  const command = isRoot ? ["runuser", "-u", "postgres", "--", join(bin, tool), ...args] : [join(bin, tool), ...args];
  execFileSync(command[0]!, command.slice(1), { stdio: "pipe", timeout: 60_000 });
}

async function createDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `petstore_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A fresh database: inside DATABASE_URL's server when one is reachable, otherwise in a throwaway cluster
 * started with initdb + pg_ctl on a free loopback port (installing PostgreSQL with apt when root and absent).
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  if (process.env.DATABASE_URL) {
    try {
      return await createDatabase(process.env.DATABASE_URL);
    } catch (error) {
      console.warn(`[@petstore/server] DATABASE_URL not usable (${(error as Error).message}); starting a temporary cluster`);
    }
  }
  let bin = findBin();
  if (!bin && isRoot) {
    execFileSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql"], { stdio: "pipe", timeout: 300_000 });
    bin = findBin();
  }
  if (!bin) return { skip: "no PostgreSQL: DATABASE_URL is unset and /usr/lib/postgresql/*/bin/initdb is missing (not root, cannot apt-get install)" };

  const dir = mkdtempSync(join(tmpdir(), "petstore-pg-"));
  chmodSync(dir, 0o755);
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const port = await freePort();
  runPg(bin, "initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  runPg(bin, "pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-t", "60", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "start"]);
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url: adminUrl,
    async stop() {
      try {
        runPg(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
