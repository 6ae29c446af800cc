import { expect } from "vitest";
import { spawnServer } from "./child";

const headers = { authorization: "Bearer k", "content-type": "application/json" };

/**
 * Starts a server with `env`, runs 16 create loops against it and SIGKILLs it once 300 creates were acknowledged,
 * with creates in flight; then starts it again with the same `env` and checks that every acknowledged pet is
 * there as acknowledged and that new ids continue after them. The same check for every store.
 */
export async function expectNoAcknowledgedPetLost(env: Record<string, string>): Promise<void> {
  const first = await spawnServer(env);
  const acknowledged: { id: number; name: string; categoryId: number }[] = [];
  let killed = false;
  let lost = 0;
  // Workers keep firing through the kill until their connection dies, so creates are in flight when it lands.
  const worker = async (w: number) => {
    for (let i = 0; ; i++) {
      try {
        const response = await fetch(`${first.baseUrl}/pets`, {
          method: "POST",
          headers,
          body: JSON.stringify({ name: `w${w}-${i}`, categoryId: w }),
        });
        if (response.status === 201) acknowledged.push(await response.json());
      } catch {
        lost++; // the connection died with the process: this create was never acknowledged
        return;
      }
      if (acknowledged.length >= 300 && !killed) {
        killed = true;
        first.child.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, w) => worker(w)));
  expect(await first.exited).toBe("SIGKILL");
  expect(acknowledged.length).toBeGreaterThanOrEqual(300);

  const second = await spawnServer(env);
  try {
    for (let at = 0; at < acknowledged.length; at += 16) {
      await Promise.all(
        acknowledged.slice(at, at + 16).map(async (pet) => {
          const response = await fetch(`${second.baseUrl}/pets/${pet.id}`, { headers });
          expect(response.status, `pet ${pet.id} acknowledged before the kill`).toBe(200);
          expect(await response.json()).toEqual(pet);
        }),
      );
    }
    const next = await fetch(`${second.baseUrl}/pets`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "after", categoryId: 0 }),
    });
    const nextPet = await next.json();
    expect(nextPet.id).toBeGreaterThan(Math.max(...acknowledged.map((pet) => pet.id)));
    expect(lost).toBe(16);
  } finally {
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }
}
