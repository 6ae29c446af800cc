import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "vitest";
import { expectNoAcknowledgedPetLost } from "../helpers/kill-during-creates";
import { expectOnePetPerKeyAcrossServers } from "../helpers/multi-instance";

const dir = mkdtempSync(join(tmpdir(), "petstore-durability-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the embedded SQLite store, several processes", () => {
  it("keeps every pet that got a 201 when the server is SIGKILLed mid-flight", async () => {
    await expectNoAcknowledgedPetLost({ PETSTORE_API_KEYS: "k", PETSTORE_DATA_DIR: join(dir, "kill") });
  }, 120_000);

  it("three servers on one file create one pet per Idempotency-Key sent to all of them at once", async () => {
    await expectOnePetPerKeyAcrossServers({
      PETSTORE_API_KEYS: "k",
      PETSTORE_DATA_DIR: join(dir, "shared"),
      LOG_LEVEL: "warn",
    });
  }, 120_000);
});
