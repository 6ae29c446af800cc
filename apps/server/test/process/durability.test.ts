import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "vitest";
import { expectNoAcknowledgedPetLost } from "../helpers/kill-during-creates";

const dir = mkdtempSync(join(tmpdir(), "petstore-durability-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("embedded file store under kill -9", () => {
  it("keeps every pet that got a 201 when the server is SIGKILLed mid-flight", async () => {
    await expectNoAcknowledgedPetLost({ PETSTORE_API_KEYS: "k", PETSTORE_DATA_FILE: join(dir, "pets.jsonl") });
  }, 120_000);
});
