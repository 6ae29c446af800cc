import type { NewPet, Pet, PetStatus } from "@petstore/contract";
import type { SqlSession } from "./sql-store";
import {
  IDEMPOTENCY_TTL_MS,
  IdempotencyConflictError,
  normalizePet,
  type CreateResult,
  type IdempotencyInput,
} from "./types";

/** One create of a batch, as the store queued it. */
export interface BatchCreate {
  input: NewPet;
  idempotency: IdempotencyInput | undefined;
}

/** A row of `petstore_pets` as either engine returns it (PostgreSQL gives BIGINT columns as strings). */
export interface PetRow {
  id: number | string;
  name_json: string;
  category_id: number | string;
  status: PetStatus | null;
}

/** What one create of a batch came to: a rule it broke (a key reused with another body) fails it alone. */
export type BatchOutcome = { ok: true; result: CreateResult } | { ok: false; error: unknown };

/** What a batch needs from the store around it. */
export interface BatchContext {
  /** The time of the batch, in ms since the epoch. */
  now: number;
  /** The engine's value for a point in time and back. */
  toTime(ms: number): unknown;
  fromTime(value: unknown): number;
  /** The id of a key scope, added when new. */
  scopeId(scope: string): Promise<number>;
  /**
   * The id of the next new pet in the batch's transaction, when the engine knows it there (see
   * `SqlDriver.nextPetId`): the pets are inserted with ids from it on. Without it, the insert returns its ids.
   */
  nextPetId?(): Promise<number>;
}

/**
 * Rows per multi-row statement. A batch costs a few statements, not a few per create: most of a create's cost on
 * libsql is per statement, not per row. Each row count up to this has its own prepared text.
 */
const ROWS_PER_STATEMENT = 64;

const texts = new Map<string, string>();
/** The text of `build(rows)`, built once per kind and row count. */
function text(kind: string, rows: number, build: (rows: number) => string): string {
  const id = `${kind}:${rows}`;
  let found = texts.get(id);
  if (found === undefined) texts.set(id, (found = build(rows)));
  return found;
}
const tuples = (rows: number, columns: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: columns }, () => "?").join(", ")})`).join(", ");

/**
 * The multi-row statements of a batch, for SQLite and PostgreSQL alike. Neither engine promises the order of
 * `RETURNING` rows (SQLite documents it as arbitrary), so each returns what identifies its rows.
 */
const sql = {
  findKeys: (rows: number) =>
    text(
      "findKeys",
      rows,
      () => `SELECT k.key, k.fingerprint, k.created_at, p.id, p.name_json, p.category_id, p.status
               FROM petstore_keys k JOIN petstore_pets p ON p.id = k.pet_id
              WHERE k.scope_id = ? AND k.key IN (${Array.from({ length: rows }, () => "?").join(", ")})`,
    ),
  insertPets: (rows: number) =>
    text(
      "insertPets",
      rows,
      () =>
        `INSERT INTO petstore_pets (name_json, category_id, status) VALUES ${tuples(rows, 3)}
         RETURNING id, name_json, category_id, status`,
    ),
  // With the next id known beforehand (SQLite), nothing needs to come back: the pets are known.
  insertPetsWithIds: (rows: number) =>
    text(
      "insertPetsWithIds",
      rows,
      () => `INSERT INTO petstore_pets (id, name_json, category_id, status) VALUES ${tuples(rows, 4)}`,
    ),
  // A key nobody holds is claimed; an expired one is taken over in the same statement (one lock per key, in the
  // batch's order, on PostgreSQL); a key another instance committed meanwhile is left alone. No RETURNING: when every
  // row counts as changed, every key was claimed (the common case; about a quarter cheaper on libsql than returning them).
  claimKeys: (rows: number) =>
    text(
      "claimKeys",
      rows,
      () => `INSERT INTO petstore_keys (scope_id, key, fingerprint, pet_id, created_at) VALUES ${tuples(rows, 5)}
             ON CONFLICT (scope_id, key) DO UPDATE
                SET fingerprint = excluded.fingerprint, pet_id = excluded.pet_id, created_at = excluded.created_at
              WHERE petstore_keys.created_at <= ?`,
    ),
  deletePet: "DELETE FROM petstore_pets WHERE id = ?",
};

type KeyRow = PetRow & { key: string; fingerprint: string; created_at: unknown };

/** The pet a key stands for once the batch has looked it up or claimed it, and the body it was made from. */
interface KeyRecord {
  fingerprint: string;
  pet: Pet;
}

/** The creates of a batch that carry one key in one scope: the first decides, the others replay it or conflict. */
interface KeySlot {
  scope: number;
  key: string;
  /** Indexes into the batch, in its order. */
  creates: number[];
  record?: KeyRecord;
  /** The pet the first create inserted, when the key was new or expired. */
  inserted?: Pet;
}

/** Runs `each` over `items` in slices of at most ROWS_PER_STATEMENT. */
async function inSlices<T>(items: readonly T[], each: (slice: readonly T[]) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT)
    await each(items.slice(start, start + ROWS_PER_STATEMENT));
}

/** The pet of a row. */
export function toPet(row: PetRow): Pet {
  return normalizePet(Number(row.id), {
    name: JSON.parse(row.name_json) as string,
    categoryId: Number(row.category_id),
    ...(row.status === null ? {} : { status: row.status }),
  });
}

/** The rows of the keys of `slots` that exist, a statement per scope and slice. */
async function findKeys(session: SqlSession, slots: readonly KeySlot[]): Promise<Map<KeySlot, KeyRow>> {
  const byScope = new Map<number, KeySlot[]>();
  for (const slot of slots) {
    const same = byScope.get(slot.scope);
    if (same) same.push(slot);
    else byScope.set(slot.scope, [slot]);
  }
  const found = new Map<KeySlot, KeyRow>();
  for (const [scope, scoped] of byScope)
    await inSlices(scoped, async (slice) => {
      const rows = await session.query<KeyRow>(sql.findKeys(slice.length), [scope, ...slice.map((slot) => slot.key)]);
      const byKey = new Map(rows.map((row) => [row.key, row]));
      for (const slot of slice) {
        const row = byKey.get(slot.key);
        if (row) found.set(slot, row);
      }
    });
  return found;
}

/**
 * What makes two pet rows alike: rows alike are interchangeable, so any of their ids may go to any of them. U+0000
 * parts them safely: a name's JSON escapes it, and the others are a number and a status.
 */
const contentOf = (nameJson: string, categoryId: number, status: string | null) =>
  `${nameJson}\u0000${categoryId}\u0000${status}`;

/**
 * Inserts one pet per input, a slice per statement, and returns the new pets in the order of `inputs`: with ids from
 * the engine's next one on, or else matching the rows the insert returns to inputs by content, which is all that tells them
 * apart.
 */
async function insertPets(session: SqlSession, inputs: readonly NewPet[], context: BatchContext): Promise<Pet[]> {
  const pets: Pet[] = [];
  if (inputs.length === 0) return pets;
  if (context.nextPetId) {
    let id = await context.nextPetId();
    await inSlices(inputs, async (slice) => {
      const params: unknown[] = [];
      for (const input of slice) {
        pets.push(normalizePet(id, input));
        params.push(id++, JSON.stringify(input.name), input.categoryId, input.status ?? null);
      }
      await session.run(sql.insertPetsWithIds(slice.length), params);
    });
    return pets;
  }
  await inSlices(inputs, async (slice) => {
    const params: unknown[] = [];
    const contents = slice.map((input) => {
      const nameJson = JSON.stringify(input.name);
      params.push(nameJson, input.categoryId, input.status ?? null);
      return contentOf(nameJson, input.categoryId, input.status ?? null);
    });
    const ids = new Map<string, number[]>();
    for (const row of await session.query<PetRow>(sql.insertPets(slice.length), params)) {
      const content = contentOf(row.name_json, Number(row.category_id), row.status);
      const alike = ids.get(content);
      if (alike) alike.push(Number(row.id));
      else ids.set(content, [Number(row.id)]);
    }
    slice.forEach((input, index) => {
      const id = ids.get(contents[index]!)?.shift();
      if (id === undefined) throw new Error("[@petstore/server] an inserted pet was not returned by the database");
      pets.push(normalizePet(id, input));
    });
  });
  return pets;
}

/**
 * Creates a batch of pets in the caller's transaction with a fixed number of statements per slice of creates: one
 * look-up of every key, one insert of every new pet, one claim of every new key. The rules are those of one create
 * after another in the batch's order: the first create of a key decides (a replay, or a new pet), the others replay it
 * or conflict; an expired key is taken over; a key another instance committed while this batch inserted its pet
 * wins: that pet is deleted again (its id is never reused) and the other one replayed.
 */
export async function createBatch(
  session: SqlSession,
  creates: readonly BatchCreate[],
  context: BatchContext,
): Promise<BatchOutcome[]> {
  const outcomes: (BatchOutcome | undefined)[] = Array.from({ length: creates.length });
  const slots = new Map<string, KeySlot>();
  const slotOf: (KeySlot | undefined)[] = Array.from({ length: creates.length });
  const inserting: number[] = [];
  for (const [index, { idempotency }] of creates.entries()) {
    if (!idempotency) {
      inserting.push(index);
      continue;
    }
    const scope = await context.scopeId(idempotency.scope);
    const id = `${scope}:${idempotency.key}`;
    let slot = slots.get(id);
    if (slot) slot.creates.push(index);
    else slots.set(id, (slot = { scope, key: idempotency.key, creates: [index] }));
    slotOf[index] = slot;
  }

  const expired = (row: KeyRow) => context.now - context.fromTime(row.created_at) >= IDEMPOTENCY_TTL_MS;
  const found = await findKeys(session, [...slots.values()]);
  for (const slot of slots.values()) {
    const row = found.get(slot);
    if (row && !expired(row)) slot.record = { fingerprint: row.fingerprint, pet: toPet(row) };
    // A new or expired key: its first create makes the pet.
    else inserting.push(slot.creates[0]!);
  }

  inserting.sort((a, b) => a - b);
  const pets = await insertPets(
    session,
    inserting.map((index) => creates[index]!.input),
    context,
  );
  inserting.forEach((index, n) => {
    outcomes[index] = { ok: true, result: { pet: pets[n]!, replayed: false } };
    const slot = slotOf[index];
    if (slot) slot.inserted = pets[n]!;
  });

  const claiming = [...slots.values()].filter((slot) => slot.inserted);
  const createdAt = context.toTime(context.now);
  const cutoff = context.toTime(context.now - IDEMPOTENCY_TTL_MS);
  const unsure = new Set<KeySlot>();
  await inSlices(claiming, async (slice) => {
    const params: unknown[] = [];
    for (const slot of slice)
      params.push(
        slot.scope,
        slot.key,
        creates[slot.creates[0]!]!.idempotency!.fingerprint,
        slot.inserted!.id,
        createdAt,
      );
    params.push(cutoff);
    if ((await session.run(sql.claimKeys(slice.length), params)) < slice.length)
      for (const slot of slice) unsure.add(slot);
  });
  // A slice in which a key was left alone: which one it was, and whose pet that key holds, is read back.
  const holders = unsure.size === 0 ? undefined : await findKeys(session, [...unsure]);
  for (const slot of claiming) {
    const first = slot.creates[0]!;
    const inserted = slot.inserted!;
    const holder = holders?.get(slot);
    if (!unsure.has(slot) || Number(holder?.id) === inserted.id) {
      slot.record = { fingerprint: creates[first]!.idempotency!.fingerprint, pet: inserted };
      continue;
    }
    if (!holder || expired(holder))
      throw new Error("[@petstore/server] an idempotency key was claimed and then not found");
    // Another instance committed this key while we inserted (PostgreSQL waited for it): theirs is the pet.
    await session.run(sql.deletePet, [inserted.id]);
    outcomes[first] = undefined;
    slot.record = { fingerprint: holder.fingerprint, pet: toPet(holder) };
  }

  for (const slot of slots.values()) {
    const record = slot.record!;
    for (const index of slot.creates) {
      if (outcomes[index]) continue;
      outcomes[index] =
        creates[index]!.idempotency!.fingerprint === record.fingerprint
          ? { ok: true, result: { pet: record.pet, replayed: true } }
          : { ok: false, error: new IdempotencyConflictError(slot.key) };
    }
  }
  return outcomes as BatchOutcome[];
}
