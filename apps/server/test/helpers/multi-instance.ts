import { expect } from "vitest";
import { spawnServer, type ChildServer } from "./child";

/**
 * Starts three servers with `env` (one database for all), sends each of 100 Idempotency-Keys to all three at once
 * and checks that every key made one pet, replayed byte for byte by the others, with 100 distinct ids, and that no
 * server died. The same check for every store that several processes can share.
 */
export async function expectOnePetPerKeyAcrossServers(env: Record<string, string>): Promise<void> {
  const servers: ChildServer[] = [];
  try {
    for (let i = 0; i < 3; i++) servers.push(await spawnServer(env));
    const KEYS = 100;
    const answers = await Promise.all(
      Array.from({ length: KEYS }, (_, key) =>
        Promise.all(
          servers.map(async (server) => {
            const response = await fetch(`${server.baseUrl}/pets`, {
              method: "POST",
              headers: {
                authorization: "Bearer k",
                "content-type": "application/json",
                "idempotency-key": `race-${key}`,
              },
              body: JSON.stringify({ name: `race-${key}`, categoryId: key }),
            });
            return { status: response.status, text: await response.text() };
          }),
        ),
      ),
    );
    for (const [key, perServer] of answers.entries()) {
      expect(
        perServer.map((answer) => answer.status),
        `key ${key}`,
      ).toEqual([201, 201, 201]);
      expect(new Set(perServer.map((answer) => answer.text)).size, `key ${key}: one pet, replayed byte for byte`).toBe(
        1,
      );
    }
    const ids = answers.map((perServer) => JSON.parse(perServer[0]!.text).id as number);
    expect(new Set(ids).size).toBe(KEYS);
    // Every server lists the same 100 pets: what one process committed, the others read.
    for (const server of servers) {
      const listed = await fetch(`${server.baseUrl}/pets?limit=100`, { headers: { authorization: "Bearer k" } });
      expect(((await listed.json()) as { id: number }[]).map((pet) => pet.id).sort((a, b) => a - b)).toEqual(
        [...ids].sort((a, b) => a - b),
      );
    }
    for (const server of servers) expect(server.child.exitCode).toBeNull();
  } finally {
    for (const server of servers) server.child.kill("SIGTERM");
    await Promise.all(servers.map((server) => server.exited));
  }
}
