/**
 * The tables, written once for SQLite and PostgreSQL with the column types in which the engines differ (see
 * `sqlite-schema.ts` and `postgres-schema.ts`); the store's statements live beside its methods in `sql-store.ts`.
 * Names are JSON-encoded (`name_json`): PostgreSQL TEXT cannot hold U+0000 or lone surrogates, which are valid JSON
 * strings, and one encoding keeps the two engines' rows alike.
 */

/** The column types and table options in which the two engines' schemas differ. */
export interface SchemaTypes {
  /** The `id` column of pets: an identity that never hands out an id twice. */
  id: string;
  /** The `id` column of a small lookup table. */
  smallId: string;
  /** A 64-bit integer. */
  bigint: string;
  /** `created_at` of an idempotency key. */
  time: string;
  /** Options after the keys table's definition. */
  keysTable: string;
}

/** The tables and indexes, in the engine's types. Every statement may run again on an existing database. */
export const schema = (types: SchemaTypes): string[] => [
  `CREATE TABLE IF NOT EXISTS petstore_pets (
     id          ${types.id},
     name_json   TEXT NOT NULL,
     category_id ${types.bigint} NOT NULL,
     status      TEXT NULL CHECK (status IN ('available', 'pending', 'sold'))
   )`,
  // Serves `GET /pets?status=…` in id order without reading the other statuses.
  "CREATE INDEX IF NOT EXISTS petstore_pets_status_id ON petstore_pets (status, id)",
  // A key's scope (a digest of the API key, 32 characters) is stored once here and by a small number in each key:
  // the expiry index below repeats the keys' primary key, and every byte of it counts a million times.
  `CREATE TABLE IF NOT EXISTS petstore_key_scopes (
     id    ${types.smallId},
     scope TEXT NOT NULL UNIQUE
   )`,
  `CREATE TABLE IF NOT EXISTS petstore_keys (
     scope_id    INTEGER NOT NULL REFERENCES petstore_key_scopes (id),
     key         TEXT NOT NULL,
     fingerprint TEXT NOT NULL,
     pet_id      ${types.bigint} NOT NULL REFERENCES petstore_pets (id),
     created_at  ${types.time} NOT NULL,
     PRIMARY KEY (scope_id, key)
   )${types.keysTable}`,
  // Serves the sweep of expired keys: it reads only what it deletes.
  "CREATE INDEX IF NOT EXISTS petstore_keys_created_at ON petstore_keys (created_at)",
];

/**
 * Moves the keys of schema version 1 (`petstore_idempotency_keys`, the scope in every row, no expiry index) into
 * the tables above; run once, in the transaction that creates them, when that table exists.
 */
export const fromVersion1 = [
  "INSERT INTO petstore_key_scopes (scope) SELECT DISTINCT scope FROM petstore_idempotency_keys",
  `INSERT INTO petstore_keys (scope_id, key, fingerprint, pet_id, created_at)
   SELECT s.id, k.key, k.fingerprint, k.pet_id, k.created_at
     FROM petstore_idempotency_keys k JOIN petstore_key_scopes s ON s.scope = k.scope`,
  "DROP TABLE petstore_idempotency_keys",
];
