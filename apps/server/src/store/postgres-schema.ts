import { schema } from "./schema";

/** Tables of the PostgreSQL store. Safe to run from several instances at once (guarded by an advisory lock). */
export const schemaStatements = [
  "SELECT pg_advisory_xact_lock(7305771)",
  ...schema({
    id: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
    smallId: "INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
    bigint: "BIGINT",
    time: "TIMESTAMPTZ",
    keysTable: "",
  }),
];

/** Whether the database holds keys of schema version 1, to move with `fromVersion1`. */
export const hasVersion1 = "SELECT to_regclass('petstore_idempotency_keys') IS NOT NULL AS found";
