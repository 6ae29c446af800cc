import { execFile, execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

/** Control over the throwaway cluster's server process, for outage tests. */
interface ClusterControl {
  /** `pg_ctl restart -m fast`: every connection is terminated (57P01), and the server is back when this resolves. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`: the server is down (connections refused) when this resolves. */
  stop(): Promise<void>;
  /** Starts the server stopped by `stop`, on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
}

/** A PostgreSQL database for one test file. */
export type TestDatabase =
  | {
      url: string;
      stop(): Promise<void>;
      /** Ends every other connection to the database (`pg_terminate_backend`); resolves with how many. */
      terminateBackends(): Promise<number>;
      /** Present only for a cluster the tests started themselves: a shared DATABASE_URL server is never restarted. */
      cluster?: ClusterControl;
    }
  | { skip: string };

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

function pgCommand(bin: string, tool: string, args: string[]): string[] {
  return isRoot ? ["runuser", "-u", "postgres", "--", join(bin, tool), ...args] : [join(bin, tool), ...args];
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (initdb refuses to run as root). */
function runPg(bin: string, tool: string, args: string[]): void {
  const command = pgCommand(bin, tool, args);
  execFileSync(command[0]!, command.slice(1), { stdio: "pipe", timeout: 60_000 });
}

/** `runPg` without blocking the event loop, so requests in flight keep running while the cluster restarts. */
async function runPgAsync(bin: string, tool: string, args: string[]): Promise<void> {
  const command = pgCommand(bin, tool, args);
  await promisify(execFile)(command[0]!, command.slice(1), { timeout: 60_000 });
}

/** Terminates every backend connected to the database of `url`, except the one asking. */
async function terminateBackends(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
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
    terminateBackends: () => terminateBackends(url.toString()),
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
      console.warn(
        `[@petstore/server] DATABASE_URL not usable (${(error as Error).message}); starting a temporary cluster`,
      );
    }
  }
  let bin = findBin();
  if (!bin && isRoot) {
    // Serialised with the other installers (Chromium) that test files may start at the same time.
    execFileSync(
      "flock",
      [
        "/tmp/petstore-apt.lock",
        "sh",
        "-c",
        "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql",
      ],
      { stdio: "pipe", timeout: 300_000 },
    );
    bin = findBin();
  }
  if (!bin)
    return {
      skip: "no PostgreSQL: DATABASE_URL is unset and /usr/lib/postgresql/*/bin/initdb is missing (not root, cannot apt-get install)",
    };

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
  const startArgs = [
    "-D",
    data,
    "-l",
    join(dir, "log"),
    "-w",
    "-t",
    "60",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "start",
  ];
  runPg(bin, "pg_ctl", startArgs);
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url: adminUrl,
    terminateBackends: () => terminateBackends(adminUrl),
    cluster: {
      restart: () =>
        runPgAsync(bin, "pg_ctl", ["-D", data, "-l", join(dir, "log"), "-m", "fast", "-w", "-t", "60", "restart"]),
      stop: () => runPgAsync(bin, "pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]),
      start: () => runPgAsync(bin, "pg_ctl", startArgs),
    },
    async stop() {
      try {
        // A test that failed half-way through an outage may have left the server stopped already.
        if (existsSync(join(data, "postmaster.pid")))
          runPg(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
