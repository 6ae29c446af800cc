import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { LogLevel } from "./options";

const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** Settings read from the environment by `main.ts`. */
export interface Config {
  port: number;
  host: string;
  apiKeys: string[];
  /** PETSTORE_API_KEYS_FILE, resolved: where SIGHUP reloads the keys from. */
  apiKeysFile?: string;
  /** True when no key was configured and the dev server must create one. */
  generateKey: boolean;
  /** The SQLite database: `petstore.db` in PETSTORE_DATA_DIR. */
  databaseFile: string;
  databaseUrl?: string;
  corsOrigins: string[];
  production: boolean;
  logLevel: LogLevel;
}

/** A configuration problem, reported without a stack trace. */
export class ConfigError extends Error {}

/** Reads PORT, HOST, PETSTORE_API_KEYS or PETSTORE_API_KEYS_FILE, PETSTORE_DATA_DIR, DATABASE_URL, PETSTORE_CORS_ORIGINS, NODE_ENV and LOG_LEVEL. */
export function readConfig(env: NodeJS.ProcessEnv, cwd: string): Config {
  // An empty NODE_ENV (`NODE_ENV=` in a .env file) means unset, as it does for every variable here.
  const nodeEnv = env.NODE_ENV || "development";
  const production = nodeEnv !== "development" && nodeEnv !== "test";
  // Digits only: Number() would also take " " (0, a random port) and "0x1F9A".
  const port =
    env.PORT === undefined || env.PORT === "" ? 4000 : /^\d{1,5}$/.test(env.PORT) ? Number(env.PORT) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(
      `[@petstore/server] PORT must be an integer from 0 to 65535, got ${JSON.stringify(env.PORT)}.`,
    );
  }
  if (env.PETSTORE_API_KEYS && env.PETSTORE_API_KEYS_FILE) {
    throw new ConfigError(
      "[@petstore/server] PETSTORE_API_KEYS and PETSTORE_API_KEYS_FILE are both set: keep one (the file can be reloaded with SIGHUP).",
    );
  }
  const apiKeysFile = env.PETSTORE_API_KEYS_FILE ? resolve(cwd, env.PETSTORE_API_KEYS_FILE) : undefined;
  const apiKeys = apiKeysFile
    ? readApiKeysFile(apiKeysFile)
    : checkKeys(
        "PETSTORE_API_KEYS",
        (env.PETSTORE_API_KEYS ?? "")
          .split(",")
          .map((key) => key.trim())
          .filter(Boolean),
      );
  if (apiKeys.length === 0 && (env.PETSTORE_API_KEYS ?? "").trim() !== "") {
    throw new ConfigError(
      `[@petstore/server] PETSTORE_API_KEYS is set but holds no keys (${JSON.stringify(env.PETSTORE_API_KEYS)}): give comma-separated keys, or leave it unset for a development key.`,
    );
  }
  if (apiKeys.length === 0 && production) {
    throw new ConfigError(
      `[@petstore/server] NODE_ENV=${nodeEnv} and PETSTORE_API_KEYS is empty: refusing to start an API nobody can call. ` +
        "Set PETSTORE_API_KEYS to one or more comma-separated keys, or PETSTORE_API_KEYS_FILE to a file of keys.",
    );
  }
  const logLevel = (env.LOG_LEVEL || "info") as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      `[@petstore/server] LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got ${JSON.stringify(env.LOG_LEVEL)}.`,
    );
  }
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\/./.test(env.DATABASE_URL)) {
    throw new ConfigError(
      "[@petstore/server] DATABASE_URL must be a postgres:// or postgresql:// URL such as postgres://user:password@localhost:5432/petstore (value not shown: it may hold a password).",
    );
  }
  if (env.PETSTORE_DATA_FILE) {
    throw new ConfigError(
      "[@petstore/server] PETSTORE_DATA_FILE is no longer read: pets live in SQLite, in petstore.db inside PETSTORE_DATA_DIR (default .data). " +
        "Set PETSTORE_DATA_DIR to the folder that held the file: a petstore.jsonl there is imported on first start.",
    );
  }
  const corsOrigins = (env.PETSTORE_CORS_ORIGINS ?? "*")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  return {
    port,
    host: env.HOST || "127.0.0.1",
    apiKeys,
    ...(apiKeysFile ? { apiKeysFile } : {}),
    generateKey: apiKeys.length === 0,
    databaseFile: join(resolve(cwd, env.PETSTORE_DATA_DIR || ".data"), "petstore.db"),
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    corsOrigins: corsOrigins.length > 0 ? corsOrigins : ["*"],
    production,
    logLevel,
  };
}

/** Keys are printable ASCII without spaces, as a bearer token in an HTTP header is: anything else could never match. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

function checkKeys(source: string, keys: string[]): string[] {
  keys.forEach((key, index) => {
    if (PRINTABLE_ASCII.test(key)) return;
    const bad = [...key].find((char) => !PRINTABLE_ASCII.test(char))!;
    throw new ConfigError(
      `[@petstore/server] key ${index + 1} of ${source} holds ${bad === " " ? "a space" : `U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`}: keys are printable ASCII without spaces (a client can never send it in an Authorization header). Replace that key.`,
    );
  });
  return keys;
}

/**
 * The keys of PETSTORE_API_KEYS_FILE: one a line, surrounding spaces trimmed, blank lines and `#` comments skipped.
 * A file that cannot be read or holds no key is a ConfigError (at start: the server refuses; on SIGHUP: the keys in
 * force stay).
 */
export function readApiKeysFile(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigError(
      `[@petstore/server] cannot read PETSTORE_API_KEYS_FILE ${file}: ${(error as Error).message}. Point it at a readable file of keys, one a line.`,
    );
  }
  const keys = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  if (keys.length === 0)
    throw new ConfigError(`[@petstore/server] PETSTORE_API_KEYS_FILE ${file} holds no key: write one key a line.`);
  return checkKeys(`PETSTORE_API_KEYS_FILE ${file}`, keys);
}
