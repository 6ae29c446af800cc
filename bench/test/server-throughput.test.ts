import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startThroughputTargets, type ThroughputTargets } from "../src/benchmarks/server-throughput";
import { benchApiKey, makePets } from "../src/fixtures";
import { listPetsExample } from "../src/internal/prism-example";

const headers = { Authorization: `Bearer ${benchApiKey}` };
let targets: ThroughputTargets;

beforeAll(async () => {
  targets = await startThroughputTargets(25);
}, 90_000);
afterAll(() => targets?.stop());

describe("benchmark 4: server throughput targets", () => {
  it("seeds the reference servers so GET /pets?limit=20 returns the first 20 pets", async () => {
    const response = await fetch(`${targets.referenceFile.origin}/v1/pets?limit=20`, { headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(makePets(20));
  });

  it("the bare node:http baseline sends byte for byte what the reference server sends", async () => {
    const bare = await (await fetch(`${targets.bare.origin}/v1/pets?limit=20`)).text();
    const reference = await (await fetch(`${targets.referenceMemory.origin}/v1/pets?limit=20`, { headers })).text();
    expect(bare).toBe(reference);
    expect(bare).toBe(targets.listBody);
  });

  it("Prism answers the same request at its root with the contract's example", async () => {
    const response = await fetch(`${targets.prism.origin}/pets?limit=20`, { headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(listPetsExample());
  });

  it("POST /pets creates on the file store, as the write benchmark sends it", async () => {
    const response = await fetch(`${targets.referenceFile.origin}/v1/pets`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench", categoryId: 1, status: "available" }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ id: 26, name: "Bench" });
  });
});
