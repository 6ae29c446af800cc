import { createReadStream, renameSync } from "node:fs";
import { createInterface } from "node:readline";
import { InvalidRecordError, toStoredRecord } from "./records";
import type { SqlDriver } from "./sql-store";

const INSERT_PET = "INSERT INTO petstore_pets (id, name_json, category_id, status) VALUES (?, ?, ?, ?)";
const INSERT_SCOPE = "INSERT INTO petstore_key_scopes (scope) VALUES (?) ON CONFLICT DO NOTHING";
const FIND_SCOPE = "SELECT id FROM petstore_key_scopes WHERE scope = ?";
const INSERT_KEY = `INSERT INTO petstore_keys (scope_id, key, fingerprint, pet_id, created_at)
                    VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`;

/**
 * Imports the JSON-lines data file of an earlier version into the (new) SQLite database, streamed line by line so
 * its size does not matter, in one transaction: a damaged line refuses the start naming the line, and nothing is
 * imported. A torn last line (a create that was never acknowledged when the old server crashed) is skipped, as the
 * old server did. Afterwards the file is renamed to `<name>.imported` and kept.
 */
export async function importJsonLines(
  file: string,
  driver: SqlDriver,
  notice: (message: string) => void,
): Promise<void> {
  const lines = createInterface({
    input: createReadStream(file, { encoding: "utf8" }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let imported = 0;
  let lastId = 0;
  let torn: { number: number; reason: string } | undefined;
  await driver.transaction(async (session) => {
    const scopes = new Map<string, number>();
    const scopeId = async (scope: string) => {
      let id = scopes.get(scope);
      if (id === undefined) {
        await session.one(INSERT_SCOPE, [scope]);
        id = (await session.one<{ id: number }>(FIND_SCOPE, [scope]))!.id;
        scopes.set(scope, id);
      }
      return id;
    };
    let number = 0;
    for await (const line of lines) {
      number++;
      if (torn) throw new Error(`[@petstore/server] ${file} line ${torn.number} ${torn.reason}; nothing was imported.`);
      if (line === "") continue;
      let record: ReturnType<typeof toStoredRecord>;
      try {
        record = toStoredRecord(JSON.parse(line));
        if (record.pet.id <= lastId)
          throw new InvalidRecordError(`has pet id ${record.pet.id}, but the line before has ${lastId}`);
      } catch (error) {
        if (error instanceof InvalidRecordError)
          throw new Error(`[@petstore/server] ${file} line ${number} ${error.message}; nothing was imported.`);
        // Only the last line may be torn (not valid JSON); a bad line with more after it is damage.
        torn = { number, reason: "is not valid JSON" };
        continue;
      }
      const { pet, idempotency } = record;
      lastId = pet.id;
      await session.one(INSERT_PET, [pet.id, JSON.stringify(pet.name), pet.categoryId, pet.status ?? null]);
      if (idempotency)
        await session.one(INSERT_KEY, [
          await scopeId(idempotency.scope),
          idempotency.key,
          idempotency.fingerprint,
          pet.id,
          driver.toTime(idempotency.at),
        ]);
      imported++;
    }
  });
  renameSync(file, `${file}.imported`);
  notice(
    `[@petstore/server] imported ${imported} pets from ${file} into the SQLite database; the old file is kept as ${file}.imported` +
      (torn ? ` (its torn last line ${torn.number} was a create that was never acknowledged, and was skipped)` : ""),
  );
}
