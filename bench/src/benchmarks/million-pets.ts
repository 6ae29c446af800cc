import { execFileSync, spawn } from "node:child_process";
import http from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPostgresStore, createSqliteStore, type PetStore } from "@petstore/server";
import Database from "libsql";
import pg from "pg";
import { benchApiKey } from "../fixtures";
import { formatNumber } from "../internal/format";
import { startBenchDatabase } from "../internal/postgres";
import type { BenchContext } from "../context";
import type { BenchResult, ResultTable, TargetCheck } from "../result";
import { median } from "../stats";

const serverRoot = fileURLToPath(new URL("../../../apps/server/", import.meta.url));
const authorization = { authorization: `Bearer ${benchApiKey}` };

/** Writes `count` pets through the store, each with its own Idempotency-Key; only the last one is sold. */
async function writePets(store: PetStore, count: number): Promise<void> {
  const chunk = 5_000;
  for (let from = 0; from < count; from += chunk) {
    const creates: Promise<unknown>[] = [];
    for (let i = from; i < Math.min(count, from + chunk); i++) {
      creates.push(
        store.create(
          { name: `pet-${i}`, categoryId: i % 10, status: i === count - 1 ? "sold" : "available" },
          { scope: "0123456789abcdef0123456789abcdef", key: crypto.randomUUID(), fingerprint: "f".repeat(64) },
        ),
      );
    }
    await Promise.all(creates);
  }
}

/** Resident memory of a process, from /proc. */
function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

interface ServerFigures {
  startMs: number;
  rssMb: number;
  /** `GET /pets?status=sold&limit=100` right after a create: no answer of the service's cache can serve it. */
  soldListP50Ms: number;
  /** The same list asked again with nothing written in between (the SQLite store's revision lets the cache answer). */
  soldListRepeatP50Ms: number;
  createP50Ms: number;
}

/** One request on a keep-alive agent (node:http: far less client CPU per request than fetch), its status and time. */
function request(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; ms: number }> {
  const at = performance.now();
  return new Promise((resolve, reject) => {
    const sent = http.request(url, { agent, method: options.method ?? "GET", headers: options.headers }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - at }));
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end(options.body);
  });
}

/** Starts the built server (`node apps/server/dist/main.js`) with `env` and measures it, then stops it. */
async function measureBuiltServer(env: Record<string, string>, samples: number): Promise<ServerFigures> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(serverRoot, "dist", "main.js")], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      PETSTORE_API_KEYS: benchApiKey,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (data: Buffer) => (stderr += data));
  const base = `http://127.0.0.1:${port}`;
  try {
    let startMs = Number.NaN;
    const probe = new http.Agent({ keepAlive: false });
    for (;;) {
      if (child.exitCode !== null) throw new Error(`[@petstore/bench] the server exited: ${stderr}`);
      const ready = await request(probe, `${base}/readyz`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ready) {
        startMs = performance.now() - started;
        break;
      }
      if (performance.now() - started > 60_000) throw new Error("[@petstore/bench] /readyz not 200 within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const rssMb = rssBytes(child.pid!) / 2 ** 20;
    const checked = async (sent: Promise<{ status: number; ms: number }>) => {
      const { status, ms } = await sent;
      if (status >= 300) throw new Error(`[@petstore/bench] got ${status}`);
      return ms;
    };
    const soldList = () => checked(request(agent, `${base}/v1/pets?status=sold&limit=100`, { headers: authorization }));
    const create = () =>
      checked(
        request(agent, `${base}/v1/pets`, {
          method: "POST",
          headers: { ...authorization, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
          body: JSON.stringify({ name: "Timed", categoryId: 1 }),
        }),
      );
    // Warm-up: the first requests compile the request path.
    for (let i = 0; i < 20; i++) await soldList();
    const creates: number[] = [];
    const lists: number[] = [];
    const repeats: number[] = [];
    for (let i = 0; i < samples; i++) {
      creates.push(await create());
      lists.push(await soldList());
      repeats.push(await soldList());
    }
    return {
      startMs,
      rssMb,
      soldListP50Ms: median(lists),
      soldListRepeatP50Ms: median(repeats),
      createP50Ms: median(creates),
    };
  } finally {
    agent.destroy();
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

const fileBytes = (file: string) =>
  [file, `${file}-wal`].filter(existsSync).reduce((sum, f) => sum + statSync(f).size, 0);

/** The list the targets time, as the store runs it, for the query plans in the notes. */
const SOLD_LIST =
  "SELECT id, name_json, category_id, status FROM petstore_pets WHERE status = 'sold' ORDER BY id LIMIT 100";

/** Each figure's median over rounds that start the servers of `envs` in turn (alternating which goes first). */
async function pairedRounds(envs: Record<string, string>[], rounds: number, samples: number): Promise<ServerFigures[]> {
  const runs: ServerFigures[][] = envs.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < envs.length; i++) {
      const which = (round + i) % envs.length;
      runs[which]!.push(await measureBuiltServer(envs[which]!, samples));
    }
  }
  return runs.map((figures) => {
    const of = (key: keyof ServerFigures) => median(figures.map((one) => one[key]));
    return {
      startMs: of("startMs"),
      rssMb: of("rssMb"),
      soldListP50Ms: of("soldListP50Ms"),
      soldListRepeatP50Ms: of("soldListRepeatP50Ms"),
      createP50Ms: of("createP50Ms"),
    };
  });
}

/** The figures of one store as a table row. */
const row = (label: string, figures: ServerFigures, bytesPerPet: number | string) => [
  label,
  figures.startMs,
  figures.rssMb,
  figures.soldListP50Ms,
  figures.soldListRepeatP50Ms,
  figures.createP50Ms,
  bytesPerPet,
];

/**
 * "1 M pets": a store of a million pets (each with its idempotency key, one of them sold), written directly through
 * the store, then the built server started on it: time to `/readyz` 200, RSS after start, the p50 of
 * `GET /pets?status=sold&limit=100` and of a create (against the same on a 100-pet store), and bytes per pet.
 */
export async function runMillionPets(context: BenchContext): Promise<BenchResult> {
  const count = context.scale === "full" ? 1_000_000 : 2_000;
  const samples = context.scale === "full" ? 100 : 10;
  const rounds = context.scale === "full" ? 3 : 1;
  execFileSync("pnpm", ["run", "build"], { cwd: serverRoot, stdio: "pipe" });
  const dir = mkdtempSync(path.join(os.tmpdir(), "petstore-million-"));
  const rows: (string | number)[][] = [];
  const targets: TargetCheck[] = [];
  const notes: string[] = [];
  try {
    const small = path.join(dir, "small", "petstore.db");
    const smallStore = await createSqliteStore(small);
    await writePets(smallStore, 100);
    await smallStore.close();

    const big = path.join(dir, "big", "petstore.db");
    const store = await createSqliteStore(big);
    const writing = performance.now();
    await writePets(store, count);
    const writeSeconds = (performance.now() - writing) / 1000;
    await store.close();
    // libsql closes the connection (and SQLite deletes the WAL) only once its statements are collected: copy the
    // log into the database file now, so the bytes are the data's, not a log of the writes that made it.
    const db = new Database(big);
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const bytesPerPet = fileBytes(big) / count;
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((step) => step.detail).join("; ");
    notes.push(
      `SQLite: ${formatNumber(count)} keyed creates written through the store in ${writeSeconds.toFixed(1)} s (${formatNumber(count / writeSeconds)}/s, 5,000 a transaction).`,
      `SQLite plan of the sold list: ${plan(SOLD_LIST)} (no sort step: the index gives id order). ` +
        `Of the sweep: ${plan("SELECT scope_id, key FROM petstore_keys WHERE created_at <= 0 ORDER BY created_at LIMIT 1000")}.`,
    );
    db.close();
    // The two SQLite stores in turns, so a burst of load elsewhere hits both alike.
    const [smallFigures, sqlite] = (await pairedRounds(
      [{ PETSTORE_DATA_DIR: path.dirname(small) }, { PETSTORE_DATA_DIR: path.dirname(big) }],
      rounds,
      samples,
    )) as [ServerFigures, ServerFigures];
    rows.push(
      row("SQLite, 100 pets", smallFigures, "—"),
      row(`SQLite, ${formatNumber(count)} pets`, sqlite, bytesPerPet),
    );
    targets.push(
      {
        name: "SQLite, 1 M pets: process start to `/readyz` 200",
        measured: sqlite.startMs,
        limit: 1000,
        kind: "max",
        unit: "ms",
      },
      { name: "SQLite, 1 M pets: RSS after start", measured: sqlite.rssMb, limit: 150, kind: "max", unit: "MB" },
      {
        name: "SQLite, 1 M pets: `GET /pets?status=sold&limit=100` p50",
        measured: sqlite.soldListP50Ms,
        limit: 2,
        kind: "max",
        unit: "ms",
      },
      {
        name: "SQLite, 1 M pets: disk per pet with its key",
        measured: bytesPerPet,
        limit: 300,
        kind: "max",
        unit: "B",
      },
      {
        name: "SQLite, 1 M pets: create p50 ÷ the 100-pet store's",
        measured: sqlite.createP50Ms / smallFigures.createP50Ms,
        limit: 1.5,
        kind: "max",
        unit: "×",
      },
    );

    const database = await startBenchDatabase();
    if ("skip" in database) {
      notes.push(`PostgreSQL rows skipped: ${database.skip}`);
    } else {
      try {
        const pgStore = await createPostgresStore(database.url);
        await pgStore.close();
        // A million creates through the pool take many minutes of round trips here: the rows are written with
        // the same columns in one INSERT … SELECT, the last pet sold, every pet with a key.
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        await client.query(
          `INSERT INTO petstore_pets (name_json, category_id, status)
           SELECT '"pet-' || i || '"', i % 10, CASE WHEN i = $1 THEN 'sold' ELSE 'available' END FROM generate_series(1, $1) i`,
          [count],
        );
        await client.query(
          "INSERT INTO petstore_key_scopes (scope) VALUES ('0123456789abcdef0123456789abcdef') ON CONFLICT DO NOTHING",
        );
        await client.query(
          `INSERT INTO petstore_keys (scope_id, key, fingerprint, pet_id, created_at)
           SELECT (SELECT id FROM petstore_key_scopes), gen_random_uuid()::text, repeat('f', 64), id, now() FROM petstore_pets`,
        );
        await client.query("VACUUM ANALYZE");
        const explained = await client.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${SOLD_LIST}`);
        notes.push(
          `PostgreSQL plan of the sold list: ${explained.rows.map((step) => String(step["QUERY PLAN"]).trim()).join("; ")}.`,
        );
        const size = await client.query("SELECT pg_database_size(current_database())::bigint AS bytes");
        await client.end();
        const [postgres] = (await pairedRounds([{ DATABASE_URL: database.url }], rounds, samples)) as [ServerFigures];
        const pgBytes = Number(size.rows[0].bytes) / count;
        rows.push(row(`PostgreSQL, ${formatNumber(count)} pets`, postgres, pgBytes));
        targets.push({
          name: "PostgreSQL, 1 M pets: `GET /pets?status=sold&limit=100` p50",
          measured: postgres.soldListP50Ms,
          limit: 2,
          kind: "max",
          unit: "ms",
        });
      } finally {
        await database.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const table: ResultTable = {
    caption: `The built server on a store of ${formatNumber(count)} pets (each with its idempotency key, one sold)`,
    columns: [
      "store",
      "start to /readyz (ms)",
      "RSS after start (MB)",
      "sold list p50 after a create (ms)",
      "sold list p50 repeated (ms)",
      "create p50 (ms)",
      "bytes per pet",
    ],
    rows: rows.map((row) => row.map((cell) => (typeof cell === "number" ? Number(cell.toFixed(2)) : cell))),
  };
  return {
    id: "million-pets",
    title: "1 M pets",
    method:
      "Pets written directly through the store (PostgreSQL: one INSERT … SELECT), then `node apps/server/dist/main.js` started on them, " +
      `${rounds} time${rounds === 1 ? "" : "s"} each (the SQLite stores in turns); medians over the starts. Per start, after 20 warm-up lists, ` +
      `${samples} times in sequence on one keep-alive connection (node:http): a keyed create, the sold list (which the create made ` +
      "uncacheable), and the same list again (the service core's answer cache serves it when the store has a revision: SQLite).",
    tables: [table],
    targets,
    notes,
  };
}
