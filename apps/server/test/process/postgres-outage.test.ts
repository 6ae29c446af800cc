import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { spawnServer, type ChildServer } from "../helpers/child";
import type { TestDatabase } from "../helpers/postgres";
import { useTestDatabase } from "../helpers/test-database";

let database: TestDatabase = { skip: "not started" };
useTestDatabase((started) => (database = started));

const headers = { authorization: "Bearer k", "content-type": "application/json" };
const LOOPS = 16;

interface Acknowledged {
  key: string;
  pet: { id: number; name: string; categoryId: number };
}

/** What the create loops saw, shared with the test that drives the outage. */
interface Traffic {
  acknowledged: Acknowledged[];
  /** Answers other than 201 and 503, or requests that failed at the HTTP level: each one a defect. */
  unexpected: string[];
  unavailable: number;
  stop: boolean;
}

/**
 * One client: creates pets one after another, each with its own Idempotency-Key, resending the same key and
 * body after a 503 until it gets a 201, as the SDK does (but after 50 ms, not `Retry-After`, so that the
 * moment service resumes is seen precisely).
 */
async function createLoop(baseUrl: string, loop: number, traffic: Traffic): Promise<void> {
  for (let n = 0; !traffic.stop; n++) {
    const key = `outage-${loop}-${n}`;
    const body = JSON.stringify({ name: key, categoryId: loop });
    for (;;) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/pets`, {
          method: "POST",
          headers: { ...headers, "idempotency-key": key },
          body,
        });
      } catch (error) {
        traffic.unexpected.push(`${key}: ${String(error)}`);
        return;
      }
      const text = await response.text();
      if (response.status === 201) {
        traffic.acknowledged.push({ key, pet: JSON.parse(text) });
        break;
      }
      if (response.status !== 503) {
        traffic.unexpected.push(`${key}: ${response.status} ${text}`);
        return;
      }
      const error = JSON.parse(text);
      if (
        error.code !== "service_unavailable" ||
        error.status !== 503 ||
        response.headers.get("retry-after") === null
      ) {
        traffic.unexpected.push(`${key}: 503 without an Error body and Retry-After: ${text}`);
        return;
      }
      traffic.unavailable++;
      if (traffic.stop) return; // never acknowledged: not counted
      await delay(50);
    }
  }
}

/** Resolves once `condition` holds, checking every 20 ms; fails after `ms` (generous: the machine may be very busy). */
async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await delay(20);
  }
}

const readyStatus = (server: ChildServer) =>
  fetch(`${new URL(server.baseUrl).origin}/readyz`).then((response) => response.status);

describe("PostgreSQL outages under idempotent creates", () => {
  it("never end the process: 503s while the database is gone, no acknowledged pet lost, service resumes by itself", async (context) => {
    if ("skip" in database) return context.skip(database.skip);
    if (!database.cluster) return context.skip("DATABASE_URL names a shared server, which this test will not restart");
    const { cluster } = database;
    const server = await spawnServer({ PETSTORE_API_KEYS: "k", DATABASE_URL: database.url, LOG_LEVEL: "warn" });
    const traffic: Traffic = { acknowledged: [], unexpected: [], unavailable: 0, stop: false };
    const loops = Array.from({ length: LOOPS }, (_, loop) => createLoop(server.baseUrl, loop, traffic));
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
      await Promise.all(loops);
    }

    expect(traffic.unexpected).toEqual([]);
    expect(server.child.exitCode, server.stderr()).toBeNull();
    expect(server.stderr()).not.toMatch(/Unhandled|uncaught/i);

    // Every acknowledged pet is there as acknowledged, and no key made two pets (a retry after a lost COMMIT replays).
    for (let at = 0; at < traffic.acknowledged.length; at += 16) {
      await Promise.all(
        traffic.acknowledged.slice(at, at + 16).map(async ({ key, pet }) => {
          const response = await fetch(`${server.baseUrl}/pets/${pet.id}`, { headers });
          expect(response.status, `pet ${pet.id} (${key})`).toBe(200);
          expect(await response.json()).toEqual(pet);
        }),
      );
    }
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
