// `pnpm start`: the reference server configured from the environment (see README.md).
import { existsSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { readApiKeysFile, readConfig } from "./config";
import { startupMessage } from "./startup-error";
import { generateApiKey, startServer } from "./server";

try {
  const config = readConfig(process.env, process.cwd());
  const undo = config.databaseUrl ? () => {} : undoNewDatabase(config.databaseFile);
  const store = config.databaseUrl
    ? // Loaded only when used: the PostgreSQL driver (or libsql) takes a tenth of a second to import.
      await (await import("./store/postgres")).createPostgresStore(config.databaseUrl)
    : await (await import("./store/sqlite")).createSqliteStore(config.databaseFile, {
        onNotice: (message) => process.stderr.write(`${message}\n`),
      });
  const apiKeys = config.generateKey ? [generateApiKey()] : config.apiKeys;
  const server = await startServer({
    port: config.port,
    host: config.host,
    apiKeys,
    store,
    logger: true,
    logLevel: config.logLevel,
    corsOrigins: config.corsOrigins,
  }).catch(async (error: unknown) => {
    // Not listening (port in use, unknown host): release the store, and with it the data file's lock, and leave the
    // data folder as it was.
    await store.close();
    undo();
    throw error;
  });
  // Handlers first: a SIGTERM sent as soon as the banner appears must still shut down gracefully.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`[@petstore/server] ${signal}: finishing in-flight requests, then exiting\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`[@petstore/server] shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // SIGHUP rereads PETSTORE_API_KEYS_FILE: the new keys count from the next request on, no connection is dropped.
  // A file that cannot be used keeps the keys in force and says why.
  process.on("SIGHUP", () => {
    if (!config.apiKeysFile) {
      process.stderr.write(
        "[@petstore/server] SIGHUP: no PETSTORE_API_KEYS_FILE to reload; the keys stay as they are\n",
      );
      return;
    }
    try {
      const keys = readApiKeysFile(config.apiKeysFile);
      server.setApiKeys(keys);
      process.stderr.write(
        `[@petstore/server] SIGHUP: reloaded ${keys.length} API key(s) from ${config.apiKeysFile}\n`,
      );
    } catch (error) {
      process.stderr.write(`${startupMessage(error)} The keys in force stay.\n`);
    }
  });
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `SQLite (${config.databaseFile})`;
  process.stderr.write(`[@petstore/server] listening on ${server.baseUrl} — pets stored in ${where}\n`);
  if (config.generateKey) {
    process.stderr.write(
      `[@petstore/server] no PETSTORE_API_KEYS set: created a development key for this run:\n\n    ${apiKeys[0]}\n\n` +
        `  try: curl -H "Authorization: Bearer ${apiKeys[0]}" ${server.baseUrl}/pets\n`,
    );
  }
} catch (error) {
  process.stderr.write(`${startupMessage(error)}\n`);
  process.exit(1);
}

/**
 * What removes again the SQLite database (and its folder) a start is about to create, should the start fail after
 * opening it: a failed start changes nothing. A folder holding `petstore.jsonl` is left alone, since opening the
 * database imports that file and renames it.
 */
function undoNewDatabase(file: string): () => void {
  const folder = dirname(file);
  if (existsSync(join(folder, "petstore.jsonl"))) return () => {};
  const newFolder = !existsSync(folder);
  const newFiles = [file, `${file}-wal`, `${file}-shm`].filter((name) => !existsSync(name));
  return () => {
    for (const name of newFiles) rmSync(name, { force: true });
    if (newFolder && existsSync(folder) && readdirSync(folder).length === 0) rmdirSync(folder);
  };
}
