import { schema } from "./statements";

/** Tables of the PostgreSQL store. Safe to run from several instances at once (guarded by an advisory lock). */
export const schemaStatements = [
  "SELECT pg_advisory_xact_lock(7305771)",
  ...schema({
    id: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
    bigint: "BIGINT",
    time: "TIMESTAMPTZ",
    keysTable: "",
  }),
];
