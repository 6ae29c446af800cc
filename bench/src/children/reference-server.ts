// Child process: the reference server on the store named by BENCH_STORE ("memory", "file" for SQLite, or "postgres").
import { createMemoryStore, createSqliteStore, createPostgresStore, startServer } from "@petstore/server";
import { benchApiKey } from "../fixtures";
import { announcePort } from "../internal/child-server";

const storeKind = process.env.BENCH_STORE ?? "memory";
const dataFile = process.env.BENCH_DATA_FILE;
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (storeKind === "file" && !dataFile) throw new Error("[@petstore/bench] BENCH_STORE=file needs BENCH_DATA_FILE");
if (storeKind === "postgres" && !databaseUrl)
  throw new Error("[@petstore/bench] BENCH_STORE=postgres needs BENCH_DATABASE_URL");
const store =
  storeKind === "file"
    ? await createSqliteStore(dataFile!)
    : storeKind === "postgres"
      ? await createPostgresStore(databaseUrl!)
      : createMemoryStore();
const server = await startServer({
  port: 0,
  apiKeys: [benchApiKey],
  store,
  logger: process.env.BENCH_LOGGER === "true",
});
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
announcePort(Number(new URL(server.url).port));
