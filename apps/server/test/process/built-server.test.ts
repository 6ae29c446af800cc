import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer } from "../helpers/child";
import { type Acknowledged, expectAcknowledgedPets } from "../helpers/outage-traffic";
import { isComplete, parseResponse, type RawResponse } from "../helpers/raw-http";

const serverRoot = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "petstore-built-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// One build for the file: every test here runs dist/main.js, the documented production start.
beforeAll(() => {
  execFileSync("pnpm", ["build"], { cwd: serverRoot, stdio: "pipe" });
}, 120_000);

const env = { PETSTORE_API_KEYS: "k", PETSTORE_DATA_DIR: join(dir, "data"), LOG_LEVEL: "warn" };
const auth = { authorization: "Bearer k", "content-type": "application/json" };

describe("the built server (the documented production start)", () => {
  it("`pnpm build` makes dist/main.js, which serves the API and exits 0 on a SIGTERM sent to it directly", async () => {
    const server = await spawnServer({ ...env, PETSTORE_DATA_DIR: join(dir, "banner") }, { built: true });
    const created = await fetch(`${server.baseUrl}/pets`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ name: "Rex", categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    expect(server.stderr()).toContain(`SQLite (${join(dir, "banner", "petstore.db")})`);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });
});

/** What one request in flight got: its response, or how its connection ended without one. */
type Outcome = { response: RawResponse } | { noAnswer: string };

/**
 * Writes one whole request on a connection of its own. `sent` resolves once every byte is handed to the kernel;
 * `outcome` once the server has closed the connection (it must: it is shutting down).
 */
function inFlight(url: string, payload: string): { sent: Promise<void>; outcome: Promise<Outcome> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const sent = new Promise<void>((resolve) => socket.write(payload, () => resolve()));
  const outcome = new Promise<Outcome>((resolve) => {
    let data = "";
    let error = "";
    socket.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
    socket.on("error", (cause: NodeJS.ErrnoException) => (error = cause.code ?? cause.message));
    socket.on("close", () =>
      resolve(
        isComplete(data, false)
          ? { response: parseResponse(data, true) }
          : { noAnswer: `${error || "closed"} after ${JSON.stringify(data.slice(0, 80))}` },
      ),
    );
  });
  return { sent, outcome };
}

const createPayload = (key: string, body: string) =>
  `POST /v1/pets HTTP/1.1\r\nHost: petstore\r\nAuthorization: Bearer k\r\nContent-Type: application/json\r\n` +
  `Idempotency-Key: ${key}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const LIST = "GET /v1/pets?limit=20 HTTP/1.1\r\nHost: petstore\r\nAuthorization: Bearer k\r\n\r\n";

describe("SIGTERM to the built server with 200 requests in flight", () => {
  // Every pet that got a 201, by its Idempotency-Key, across the three shutdowns (one database).
  const acknowledged = new Map<string, Acknowledged["pet"]>();
  // Creates answered 503: they must not have made a pet.
  const refused = new Map<string, string>();

  it.each([0, 50, 300])(
    "answers every one of them (its own answer, or a 503 that closes) when SIGTERM comes %i ms after they were sent",
    async (ms) => {
      const server = await spawnServer(env, { built: true });
      const requests = Array.from({ length: 200 }, (_, i) => {
        if (i % 2 === 1) return { key: undefined, body: undefined, ...inFlight(server.baseUrl, LIST) };
        const key = `drain-${ms}-${i}`;
        const body = JSON.stringify({ name: key, categoryId: i });
        return { key, body, ...inFlight(server.baseUrl, createPayload(key, body)) };
      });
      await Promise.all(requests.map((request) => request.sent));
      await delay(ms);
      server.child.kill("SIGTERM");
      const outcomes = await Promise.all(requests.map((request) => request.outcome));
      expect(await server.exited, server.stderr()).toBe(0);

      const defects: string[] = [];
      const statuses: Record<number, number> = {};
      outcomes.forEach((outcome, i) => {
        const { key } = requests[i]!;
        const what = key ? `create ${key}` : `list #${i}`;
        if ("noAnswer" in outcome) {
          defects.push(`${what}: no HTTP answer (${outcome.noAnswer})`);
          return;
        }
        const { status, headers, body } = outcome.response;
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 503) {
          if (body?.code !== "service_unavailable" || !headers["retry-after"] || headers.connection !== "close")
            defects.push(`${what}: a 503 without service_unavailable, Retry-After and Connection: close`);
          if (key) refused.set(key, requests[i]!.body!);
        } else if (key && status === 201) acknowledged.set(key, body);
        else if (key || status !== 200) defects.push(`${what}: ${status} ${outcome.response.text.slice(0, 200)}`);
      });
      expect(defects, JSON.stringify(statuses)).toEqual([]);
    },
  );

  it("kept every pet that got a 201 through the three shutdowns, and made none for a 503", async () => {
    expect(acknowledged.size + refused.size).toBe(300);
    const server = await spawnServer(env, { built: true });
    try {
      const pets = [...acknowledged].map(([key, pet]) => ({ key, pet }));
      await expectAcknowledgedPets(server.baseUrl, pets, { exactly: true });
      // A key that got a 503 is free: sending it again makes its pet now, after every id above.
      const [key, body] = [...refused][0] ?? [];
      if (key) {
        const again = await fetch(`${server.baseUrl}/pets`, {
          method: "POST",
          headers: { ...auth, "idempotency-key": key },
          body,
        });
        expect(again.status).toBe(201);
        expect(again.headers.get("idempotent-replayed")).toBeNull();
        expect((await again.json()).id).toBeGreaterThan(Math.max(...pets.map(({ pet }) => pet.id)));
      }
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
  });
});
