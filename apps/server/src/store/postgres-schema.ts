/** Tables of the PostgreSQL store. Safe to run from several instances at once (guarded by an advisory lock). */
export const schemaStatements = [
  "SELECT pg_advisory_xact_lock(7305771)",
  `CREATE TABLE IF NOT EXISTS petstore_pets (
     id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     -- JSON-encoded: TEXT cannot hold U+0000 or lone surrogates, which are valid JSON strings.
     name_json   TEXT   NOT NULL,
     category_id BIGINT NOT NULL,
     status      TEXT   NULL CHECK (status IN ('available', 'pending', 'sold'))
   )`,
  "CREATE INDEX IF NOT EXISTS petstore_pets_status_id ON petstore_pets (status, id)",
  `CREATE TABLE IF NOT EXISTS petstore_idempotency_keys (
     scope       TEXT        NOT NULL,
     key         TEXT        NOT NULL,
     fingerprint TEXT        NOT NULL,
     pet_id      BIGINT      NOT NULL REFERENCES petstore_pets (id),
     created_at  TIMESTAMPTZ NOT NULL,
     PRIMARY KEY (scope, key)
   )`,
];
