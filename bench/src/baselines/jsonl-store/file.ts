import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { NewPet } from "@petstore/contract";
import { AppendLog, type LogFormat, type OpenedLog } from "./append-log";
import { IdempotencyIndex } from "./idempotency-index";
import { PetIndex } from "./pet-index";
import { InvalidRecordError, RECORD_PREFIX, toStoredRecord, type StoredRecord } from "./records";
import {
  normalizePet,
  StoreUnavailableError,
  type CreateResult,
  type IdempotencyInput,
  type PetStore,
  type StoreOptions,
} from "./types";

/** Options of the file store. */
export interface FileStoreOptions extends StoreOptions {
  /**
   * Told, one message each, what was repaired on open: a torn last record cut (a create that was never
   * acknowledged) or a missing final newline added. Defaults to `process.emitWarning`, so it is never silent.
   */
  onRepair?: (message: string) => void;
}

/**
 * A store in one append-only JSON-lines file, created with its folder if missing. Every create is
 * acknowledged only after fdatasync, so a `kill -9` loses no pet a client got a 201 for.
 * One process at a time: a `.lock` file beside it keeps a second server out.
 * A file that is damaged or not a data file is refused unchanged, naming the line.
 */
export async function createFileStore(path: string, options: FileStoreOptions = {}): Promise<PetStore> {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  // Baseline fixture: the lock file (flock(2) or a pid file) is left out. It was taken once at open and cost
  // nothing per create; the benchmark opens one store per data file.
  const release = () => undefined;
  let log: AppendLog | undefined;
  try {
    const opened = AppendLog.open(file, recordFormat());
    log = opened.log;
    const store = fileStore(opened, options, release);
    const report =
      options.onRepair ?? ((message: string) => process.emitWarning(message, { code: "PETSTORE_DATA_FILE_REPAIRED" }));
    for (const message of opened.repairs) report(message);
    return store;
  } catch (error) {
    // Every failure frees the file and the lock, so a retry in this process (or another server) can open it.
    void log?.close();
    release();
    throw error;
  }
}

/** Records as the store writes them, with ids strictly ascending (ids are handed out in order and never reused). */
function recordFormat(): LogFormat<StoredRecord> {
  let lastId = 0;
  return {
    recordPrefix: RECORD_PREFIX,
    parse(value) {
      const record = toStoredRecord(value);
      if (record.pet.id <= lastId) {
        throw new InvalidRecordError(
          `has pet id ${record.pet.id}, but ids must be strictly ascending and the line before has ${lastId}`,
        );
      }
      lastId = record.pet.id;
      return record;
    },
  };
}

function fileStore({ log, records }: OpenedLog<StoredRecord>, options: StoreOptions, release: () => void): PetStore {
  const now = options.now ?? Date.now;
  const pets = new PetIndex();
  const keys = new IdempotencyIndex(now);
  for (const record of records) {
    pets.add(record.pet);
    if (record.idempotency) keys.claim(record.idempotency, Promise.resolve(record.pet), record.idempotency.at);
  }
  keys.sweep();
  // Ids are handed out before the write is durable, so concurrent creates append in id order.
  // A failed write leaves a gap in the ids, never a repeat.
  let nextId = pets.lastId + 1;

  return {
    async create(input: NewPet, idempotency?: IdempotencyInput): Promise<CreateResult> {
      if (idempotency) {
        const earlier = keys.lookup(idempotency);
        if (earlier) return { pet: await earlier, replayed: true };
      }
      const pet = normalizePet(nextId++, input);
      const record: StoredRecord = idempotency ? { pet, idempotency: { ...idempotency, at: now() } } : { pet };
      const written = log.append(record).then(
        () => {
          pets.add(pet);
          return pet;
        },
        (error: unknown) => {
          // A full disk or an I/O error: nothing was acknowledged, and a later create can succeed (a 503, not a 500).
          const reason = error instanceof Error ? error.message : String(error);
          throw new StoreUnavailableError(`[@petstore/server] could not write the data file: ${reason}`, {
            cause: error,
          });
        },
      );
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
    ready: async () => log.usable,
    async close() {
      await log.close();
      release();
    },
  };
}
