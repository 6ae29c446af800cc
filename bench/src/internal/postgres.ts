import { startTestDatabase } from "../../../apps/server/test/helpers/postgres";
import { pinProcess } from "./cpu-placement";
import { findPostmaster, processTreePids } from "./proc-cpu";

/** A PostgreSQL cluster of the benchmark's own, with the pid of its postmaster for CPU accounting. */
export type BenchDatabase =
  | { url: string; postmasterPid: number | undefined; stop(): Promise<void> }
  | { skip: string };

/**
 * A throwaway PostgreSQL cluster started the way the server's tests start theirs (apps/server/test/helpers/postgres.ts:
 * initdb + pg_ctl on a free loopback port, installing PostgreSQL when root). DATABASE_URL is ignored, so the numbers
 * never depend on a server elsewhere; the cluster and every backend it forks run on `cpu` when given.
 */
export async function startBenchDatabase(cpu?: number): Promise<BenchDatabase> {
  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  let database: Awaited<ReturnType<typeof startTestDatabase>>;
  try {
    database = await startTestDatabase();
  } catch (error) {
    return { skip: `PostgreSQL could not be started: ${(error as Error).message.split("\n")[0]}` };
  } finally {
    if (saved !== undefined) process.env.DATABASE_URL = saved;
  }
  if ("skip" in database) return database;
  const postmasterPid = findPostmaster(Number(new URL(database.url).port));
  // Backends fork from the postmaster, so pinning the running tree pins every connection opened later too.
  if (postmasterPid !== undefined && cpu !== undefined)
    for (const pid of processTreePids(postmasterPid)) pinProcess(pid, cpu);
  return { url: database.url, postmasterPid, stop: () => database.stop() };
}
