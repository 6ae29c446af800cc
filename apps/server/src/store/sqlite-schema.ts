import { schema } from "./statements";

/** The schema version this server writes (`PRAGMA user_version`); a database with a higher one is refused. */
export const SCHEMA_VERSION = 1;

/** Tables of the SQLite store. */
export const sqliteSchema = schema({
  // AUTOINCREMENT: an id is never handed out twice, even after the pet with the highest id is deleted.
  id: "INTEGER PRIMARY KEY AUTOINCREMENT",
  bigint: "INTEGER",
  // ms since the epoch.
  time: "INTEGER",
  // The rows live in the primary key's tree, stored once.
  keysTable: " WITHOUT ROWID",
});
