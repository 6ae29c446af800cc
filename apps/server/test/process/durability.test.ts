import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer } from "../helpers/child";

const dir = mkdtempSync(join(tmpdir(), "petstore-durability-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { PETSTORE_API_KEYS: "k", PETSTORE_DATA_FILE: join(dir, "pets.jsonl") };
const headers = { authorization: "Bearer k", "content-type": "application/json" };

describe("embedded file store under kill -9", () => {
  it("keeps every pet that got a 201 when the server is SIGKILLed mid-flight", async () => {
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
      for (const pet of acknowledged) {
        const response = await fetch(`${second.baseUrl}/pets/${pet.id}`, { headers });
        expect(response.status, `pet ${pet.id} acknowledged before the kill`).toBe(200);
        expect(await response.json()).toEqual(pet);
      }
      const next = await fetch(`${second.baseUrl}/pets`, { method: "POST", headers, body: JSON.stringify({ name: "after", categoryId: 0 }) });
      const nextPet = await next.json();
      expect(nextPet.id).toBeGreaterThan(Math.max(...acknowledged.map((pet) => pet.id)));
      expect(lost).toBe(16);
    } finally {
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    }
  });
});
