import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { NewPet, Pet } from "@petstore/contract";
import { AppendLog } from "./append-log";
import { IdempotencyIndex } from "./idempotency-index";
import { acquireLock } from "./lock-file";
import { PetIndex } from "./pet-index";
import { normalizePet, type CreateResult, type IdempotencyInput, type PetStore, type StoreOptions } from "./types";

/** One line of the data file: a created pet, with the idempotency key it was created under. */
interface Record {
  pet: Pet;
  idempotency?: IdempotencyInput & { at: number };
}

/**
 * A store in one append-only JSON-lines file, created with its folder if missing. Every create is
 * acknowledged only after fdatasync, so a `kill -9` loses no pet a client got a 201 for.
 * One process at a time: a `.lock` file beside it keeps a second server out.
 */
export async function createFileStore(path: string, options: StoreOptions = {}): Promise<PetStore> {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  const release = acquireLock(file);
  let opened: ReturnType<typeof AppendLog.open>;
  try {
    opened = AppendLog.open(file);
  } catch (error) {
    release();
    throw error;
  }
  const { log, records } = opened;
  const now = options.now ?? Date.now;
  const pets = new PetIndex();
  const keys = new IdempotencyIndex(now);
  for (const record of records as Record[]) {
    pets.add(record.pet);
    if (record.idempotency) keys.claim(record.idempotency, Promise.resolve(record.pet), record.idempotency.at);
  }
  keys.sweep();
  // Ids are handed out before the write is durable, so concurrent creates append in id order.
  let nextId = pets.lastId + 1;

  return {
    async create(input: NewPet, idempotency?: IdempotencyInput): Promise<CreateResult> {
      if (idempotency) {
        const earlier = keys.lookup(idempotency);
        if (earlier) return { pet: await earlier, replayed: true };
      }
      const pet = normalizePet(nextId++, input);
      const record: Record = idempotency ? { pet, idempotency: { ...idempotency, at: now() } } : { pet };
      const written = log.append(record).then(() => {
        pets.add(pet);
        return pet;
      });
      if (idempotency) keys.claim(idempotency, written);
      return { pet: await written, replayed: false };
    },
    async get(id) {
      return pets.get(id);
    },
    async list(query) {
      return pets.list(query);
    },
    revision: () => pets.revision,
    async close() {
      await log.close();
      release();
    },
  };
}
