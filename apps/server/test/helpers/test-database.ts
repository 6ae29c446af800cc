import { afterAll, beforeAll } from "vitest";
import { startTestDatabase, type TestDatabase } from "./postgres";

/**
 * Starts a throwaway PostgreSQL before a test file's tests, hands it to `use` (a `{ skip }` when none can be had), and
 * stops it after them.
 */
export function useTestDatabase(use: (database: TestDatabase) => void): void {
  let database: TestDatabase = { skip: "not started" };
  beforeAll(async () => {
    database = await startTestDatabase();
    use(database);
  }, 300_000);
  afterAll(async () => {
    if ("stop" in database) await database.stop();
  });
}
