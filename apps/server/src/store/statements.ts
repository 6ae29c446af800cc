/**
 * The SQL of the store, written once with `?` placeholders for SQLite and PostgreSQL alike (the PostgreSQL driver
 * numbers them `$1, $2…`), and the schema once with the column types in which the engines differ (see
 * `sqlite-schema.ts` and `postgres-schema.ts`). Names are JSON-encoded (`name_json`): PostgreSQL TEXT cannot hold U+0000 or lone
 * surrogates, which are valid JSON strings, and one encoding keeps the two engines' rows alike.
 */
export const statements = {
  insertPet: "INSERT INTO petstore_pets (name_json, category_id, status) VALUES (?, ?, ?) RETURNING id",
  deletePet: "DELETE FROM petstore_pets WHERE id = ?",
  getPet: "SELECT id, name_json, category_id, status FROM petstore_pets WHERE id = ?",
  listPets: "SELECT id, name_json, category_id, status FROM petstore_pets ORDER BY id LIMIT ?",
  listPetsByStatus: "SELECT id, name_json, category_id, status FROM petstore_pets WHERE status = ? ORDER BY id LIMIT ?",
  findKey: `SELECT p.id, p.name_json, p.category_id, p.status, k.fingerprint, k.created_at
              FROM petstore_idempotency_keys k JOIN petstore_pets p ON p.id = k.pet_id
             WHERE k.scope = ? AND k.key = ?`,
  deleteExpiredKey: "DELETE FROM petstore_idempotency_keys WHERE scope = ? AND key = ? AND created_at <= ?",
  claimKey: `INSERT INTO petstore_idempotency_keys (scope, key, fingerprint, pet_id, created_at)
             VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING pet_id`,
  sweepKeys: "DELETE FROM petstore_idempotency_keys WHERE created_at <= ?",
} as const;

/** The column types and table options in which the two engines' schemas differ. */
export interface SchemaTypes {
  /** The `id` column: an identity that never hands out an id twice. */
  id: string;
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
  `CREATE TABLE IF NOT EXISTS petstore_idempotency_keys (
     scope       TEXT NOT NULL,
     key         TEXT NOT NULL,
     fingerprint TEXT NOT NULL,
     pet_id      ${types.bigint} NOT NULL REFERENCES petstore_pets (id),
     created_at  ${types.time} NOT NULL,
     PRIMARY KEY (scope, key)
   )${types.keysTable}`,
];
