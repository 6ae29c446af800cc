import pg from "pg";
import { describe, expect, it } from "vitest";
import { spawnServer, type ChildServer } from "../helpers/child";
import { expectAcknowledgedPets, startOutageTraffic, until } from "../helpers/outage-traffic";
import type { TestDatabase } from "../helpers/postgres";
import { useTestDatabase } from "../helpers/test-database";

let database: TestDatabase = { skip: "not started" };
useTestDatabase((started) => (database = started));

const LOOPS = 16;

const readyStatus = (server: ChildServer) =>
  fetch(`${new URL(server.baseUrl).origin}/readyz`).then((response) => response.status);

describe("PostgreSQL outages under idempotent creates", () => {
  it("never end the process: 503s while the database is gone, no acknowledged pet lost, service resumes by itself", async (context) => {
    if ("skip" in database) return context.skip(database.skip);
    if (!database.cluster) return context.skip("DATABASE_URL names a shared server, which this test will not restart");
    const { cluster } = database;
    const server = await spawnServer({ PETSTORE_API_KEYS: "k", DATABASE_URL: database.url, LOG_LEVEL: "warn" });
    const traffic = startOutageTraffic(server.baseUrl, LOOPS);
    // Waits for `count` more creates to succeed; on a timeout, says what the loops saw.
    const more = async (count: number) => {
      const target = traffic.acknowledged.length + count;
      await until(`${count} more creates succeed`, () => traffic.acknowledged.length >= target).catch(
        (error: Error) => {
          throw new Error(
            `${error.message} (${traffic.acknowledged.length}/${target}); unexpected answers: ${traffic.unexpected.join(" | ")}; server log: ${server.stdout().slice(-2000)} ${server.stderr().slice(-2000)}`,
          );
        },
      );
    };
    try {
      await more(32);
      for (let round = 0; round < 2; round++) {
        expect(await database.terminateBackends(), "backends of the server were terminated").toBeGreaterThan(0);
        await more(32);
      }
      await cluster.restart(); // pg_ctl restart -m fast: every connection ends with 57P01
      await more(32);

      await cluster.stop();
      const unavailableBefore = traffic.unavailable;
      await until("the creates in flight get 503s", () => traffic.unavailable >= unavailableBefore + LOOPS);
      await until("/readyz answers 503", async () => (await readyStatus(server)) === 503);
      const acknowledgedWhileDown = traffic.acknowledged.length;
      await cluster.start();
      const recovered = Date.now();
      await until(
        "a create succeeds after the database is back",
        () => traffic.acknowledged.length > acknowledgedWhileDown,
        10_000,
      );
      const resumedAfter = Date.now() - recovered;
      await until("/readyz answers 200", async () => (await readyStatus(server)) === 200);
      await more(32);
      console.info(
        `[postgres-outage] first create ${resumedAfter} ms after the restart; ${traffic.acknowledged.length} acknowledged, ${traffic.unavailable} 503s`,
      );
      expect(resumedAfter).toBeLessThanOrEqual(10_000);
    } finally {
      traffic.stop = true;
      await traffic.done;
    }

    expect(traffic.unexpected).toEqual([]);
    expect(server.child.exitCode, server.stderr()).toBeNull();
    expect(server.stderr()).not.toMatch(/Unhandled|uncaught/i);

    // Every acknowledged pet is there as acknowledged, and no key made two pets (a retry after a lost COMMIT replays).
    await expectAcknowledgedPets(server.baseUrl, traffic.acknowledged);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const duplicates = await client.query(
        "SELECT name_json, count(*) FROM petstore_pets GROUP BY name_json HAVING count(*) > 1",
      );
      expect(duplicates.rows).toEqual([]);
    } finally {
      await client.end();
    }

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 240_000);
});
