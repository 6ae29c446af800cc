import { schema } from "./schema";

/**
 * The schema version this server writes (`PRAGMA user_version`); a database with a higher one is refused, one with
 * version 1 is moved forward (`fromVersion1`).
 */
export const SCHEMA_VERSION = 2;

/** Tables of the SQLite store. */
export const sqliteSchema = schema({
  // AUTOINCREMENT: an id is never handed out twice, even after the pet with the highest id is deleted.
  id: "INTEGER PRIMARY KEY AUTOINCREMENT",
  smallId: "INTEGER PRIMARY KEY",
  bigint: "INTEGER",
  // ms since the epoch.
  time: "INTEGER",
  // The rows live in the primary key's tree, stored once.
  keysTable: " WITHOUT ROWID",
});
