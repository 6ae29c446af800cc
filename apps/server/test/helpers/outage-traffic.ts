import { setTimeout as delay } from "node:timers/promises";
import { expect } from "vitest";

const headers = { authorization: "Bearer k", "content-type": "application/json" };

/** A create that got its 201. */
export interface Acknowledged {
  key: string;
  pet: { id: number; name: string; categoryId: number };
}

/** What the create loops of an outage test saw, shared with the test that drives the outage. */
export interface OutageTraffic {
  acknowledged: Acknowledged[];
  /** Answers other than 201 and 503, or requests that failed at the HTTP level: each one a defect. */
  unexpected: string[];
  unavailable: number;
  stop: boolean;
  /** Resolves when every loop has returned (set `stop` first). */
  done: Promise<void>;
}

/**
 * `loops` clients, each creating pets one after another with its own Idempotency-Keys against the server at `baseUrl`
 * (key user `k`). After a 503 a client resends the same key and body until it gets a 201, as the SDK does (but after
 * 50 ms, not `Retry-After`, so that the moment service resumes is seen precisely). A 503 must be an Error body
 * `service_unavailable` with `Retry-After`; anything else ends that client and is recorded in `unexpected`.
 */
export function startOutageTraffic(baseUrl: string, loops: number): OutageTraffic {
  const traffic = { acknowledged: [], unexpected: [], unavailable: 0, stop: false } as Omit<OutageTraffic, "done">;
  async function createLoop(loop: number): Promise<void> {
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
  const done = Promise.all(Array.from({ length: loops }, (_, loop) => createLoop(loop))).then(() => undefined);
  return Object.assign(traffic, { done });
}

/** Resolves once `condition` holds, checking every 20 ms; fails after `ms` (generous: the machine may be very busy). */
export async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await delay(20);
  }
}

/**
 * Checks that every acknowledged pet can be read back from the server at `baseUrl` exactly as it was acknowledged.
 * With `exactly`, also that no other pet exists (every id up to the highest acknowledged one and a few past it is
 * read): no key made a second pet, and no create that was refused left one behind.
 */
export async function expectAcknowledgedPets(
  baseUrl: string,
  acknowledged: readonly Acknowledged[],
  { exactly = false } = {},
): Promise<void> {
  const byId = new Map(acknowledged.map(({ key, pet }) => [pet.id, { key, pet }]));
  const top = Math.max(0, ...byId.keys());
  const ids = exactly ? Array.from({ length: top + 10 }, (_, i) => i + 1) : [...byId.keys()];
  for (let at = 0; at < ids.length; at += 16) {
    await Promise.all(
      ids.slice(at, at + 16).map(async (id) => {
        const response = await fetch(`${baseUrl}/pets/${id}`, { headers });
        const expected = byId.get(id);
        expect(response.status, expected ? `pet ${id} (${expected.key})` : `pet ${id}, never acknowledged`).toBe(
          expected ? 200 : 404,
        );
        const body = await response.json();
        if (expected) expect(body).toEqual(expected.pet);
      }),
    );
  }
}
