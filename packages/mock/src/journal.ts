import type { OperationId } from "@petstore/contract";
import { bodyHeldBack } from "./internal/body-invite";
import { describeValue } from "./internal/check";
import type { OperationById, PathParamsOf, QueryOf, RequestBodyOf } from "./types";

/** How many requests a handler set's journal keeps by default: the newest 1,000 (the `journalSize` option). */
export const DEFAULT_JOURNAL_SIZE = 1000;

/**
 * How much of a request body the journal keeps: the first 16 KiB. A longer body is recorded as the text of those bytes,
 * with `bodyTruncated: true`, so a test that sends large bodies keeps at most this much per entry.
 */
export const JOURNAL_BODY_BYTES = 16 * 1024;

/** One request a handler set answered, typed for the operation it called. */
export interface JournalEntryOf<Id extends OperationId> {
  /** The entry's position among every request the set recorded, from 0; `requests.since(index)` reads from one on. */
  index: number;
  /** The contract operation the request called. */
  operationId: Id;
  /** The request method, upper case (`"POST"`). */
  method: string;
  /** The full request URL. */
  url: string;
  /** Path parameters, decoded strings by the contract's names (`{ petId: "1" }`). */
  params: PathParamsOf<OperationById<Id>>;
  /** Query parameters as sent (strings), by the contract's names; a repeated one holds its first value. */
  query: QueryOf<OperationById<Id>>;
  /**
   * The JSON body as sent (`undefined` without one). A request answered with a 4xx may hold anything here, and a body
   * over 16 KiB is the text of its first 16 KiB (`bodyTruncated`).
   */
  body: RequestBodyOf<OperationById<Id>> | undefined;
  /** True when the body was longer than the journal keeps (16 KiB): `body` is then the text of its start. */
  bodyTruncated: boolean;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The status answered; 0 for a network error (`fetch` rejected). */
  status: number;
}

/** A request to a path or method outside the contract (answered 404, 405 or 400). */
export interface UnmatchedJournalEntry {
  index: number;
  operationId: undefined;
  method: string;
  url: string;
  params: Record<string, never>;
  query: Record<string, string>;
  body: unknown;
  bodyTruncated: boolean;
  headers: Record<string, string>;
  status: number;
}

/** Any journal entry; narrow it by `operationId`. */
export type JournalEntry = { [Id in OperationId]: JournalEntryOf<Id> }[OperationId] | UnmatchedJournalEntry;

/**
 * The requests a handler set answered, oldest first: `handlers.requests`. It keeps the newest `journalSize` (default
 * 1,000; 0 keeps none), so memory stays bounded however many requests a long run sends.
 */
export interface PetstoreRequestJournal extends Iterable<JournalEntry> {
  /** How many entries it holds now (at most `journalSize`). */
  readonly length: number;
  /** The index the next recorded request will get: how many requests were recorded since the set was made. */
  readonly nextIndex: number;
  /** Every entry it holds, oldest first (a copy of the list). */
  all(): JournalEntry[];
  /** The entries of one operation, oldest first, typed for it: `requests.of("createPet")[0].body` is a `NewPet`. */
  of<Id extends OperationId>(operationId: Id): JournalEntryOf<Id>[];
  /** The entries it holds whose `index` is `index` or more, oldest first: what arrived since a test last looked. */
  since(index: number): JournalEntry[];
  /** Forgets every entry (indexes go on counting); `store.reset()` of the handler set does this too. */
  clear(): void;
}

/** What a handler records: a function that builds the entry (the journal adds its index) when the journal is first read. */
export type JournalRecorder = (entry: () => Omit<JournalEntry, "index">) => void;

/** Throws a prefixed RangeError unless `size` is a journal size: a whole number, 0 or more. */
export function checkJournalSize(size: unknown): number {
  if (!Number.isSafeInteger(size) || (size as number) < 0)
    throw new RangeError(
      `[@petstore/mock] journalSize must be a whole number of requests, 0 or more (0 keeps none), got ${describeValue(size)}`,
    );
  return size as number;
}

/** An empty journal that keeps the newest `size` entries, and the function that appends to it. */
export function createJournal(
  operationIds: readonly string[],
  size = DEFAULT_JOURNAL_SIZE,
): {
  journal: PetstoreRequestJournal;
  record: JournalRecorder;
} {
  checkJournalSize(size);
  // A ring: `slots[(first + n) % size]` holds the entry of index `firstIndex + n`. Entries are built when first read:
  // most requests of a run are never looked at, and building one (URL and body parsing) costs more than answering it.
  type Slot = { index: number; entry: JournalEntry | (() => Omit<JournalEntry, "index">) };
  const slots: Slot[] = [];
  let first = 0;
  let nextIndex = 0;
  const built = (slot: Slot): JournalEntry => {
    if (typeof slot.entry === "function")
      slot.entry = Object.assign({ index: slot.index }, slot.entry()) as JournalEntry;
    return slot.entry;
  };
  const read = (): JournalEntry[] => {
    const list: JournalEntry[] = [];
    for (let n = 0; n < slots.length; n++) list.push(built(slots[(first + n) % slots.length]!));
    return list;
  };
  const journal: PetstoreRequestJournal = {
    get length() {
      return slots.length;
    },
    get nextIndex() {
      return nextIndex;
    },
    all: read,
    of<Id extends OperationId>(operationId: Id) {
      if (!operationIds.includes(operationId)) {
        throw new TypeError(
          `[@petstore/mock] requests.of needs an operationId (${operationIds.join(", ")}), got ${describeValue(operationId)}`,
        );
      }
      return read().filter((entry) => entry.operationId === operationId) as unknown as JournalEntryOf<Id>[];
    },
    since(index) {
      if (!Number.isSafeInteger(index) || index < 0)
        throw new RangeError(
          `[@petstore/mock] requests.since needs an entry index (a whole number, 0 or more), got ${describeValue(index)}`,
        );
      return read().filter((entry) => entry.index >= index);
    },
    clear: () => {
      slots.length = 0;
      first = 0;
    },
    [Symbol.iterator]: () => read()[Symbol.iterator](),
  };
  const record: JournalRecorder = (entry) => {
    const slot = { index: nextIndex++, entry };
    if (size === 0) return;
    if (slots.length < size) slots.push(slot);
    else {
      slots[first] = slot;
      first = (first + 1) % size;
    }
  };
  return { journal, record };
}

/** The JSON body in `text`, or the text itself when it is not JSON; undefined when empty. */
function parseBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The operation a request called, with its decoded path parameters, as the journal records them. */
export interface JournalTarget {
  operationId: string | undefined;
  params: Record<string, string>;
  /** The contract's query parameter names, to pick from the URL. */
  queryNames: readonly string[];
}

/** What the journal keeps of a request, taken before a handler reads it. */
export interface RequestSnapshot {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body's first `JOURNAL_BODY_BYTES` bytes (a copy); undefined for a request without a body. */
  body: ArrayBuffer | undefined;
  /** The body's full size in bytes. */
  bodySize: number;
}

/** The start of `body` that the journal keeps: a copy, so the request's own buffer is not held. */
function kept(body: ArrayBuffer): ArrayBuffer {
  return body.slice(0, JOURNAL_BODY_BYTES);
}

function carriesBody(request: Request): boolean {
  return request.body !== null && request.method.toUpperCase() !== "GET" && request.method.toUpperCase() !== "HEAD";
}

/**
 * A snapshot that leaves `request` unread, for a handler that may pass it on: the body is read from a copy. A body
 * still held back (see `inviteBody`: the core refused the request from its head) is not read: it was never asked for.
 */
export async function snapshotCopy(request: Request): Promise<RequestSnapshot> {
  const headers = Object.fromEntries(request.headers);
  const body =
    carriesBody(request) && !bodyHeldBack(request)
      ? await request
          .clone()
          .arrayBuffer()
          .catch(() => new ArrayBuffer(0))
      : undefined;
  return {
    method: request.method.toUpperCase(),
    url: request.url,
    headers,
    body: body && kept(body),
    bodySize: body?.byteLength ?? 0,
  };
}

/**
 * Reads `request` once for the journal and returns a fresh request with the same body for the handler to read: one
 * buffer, cheaper than `clone()`, whose stream copy costs as much as the rest of the answer.
 */
export async function snapshotRequest(request: Request): Promise<{ snapshot: RequestSnapshot; request: Request }> {
  const method = request.method.toUpperCase();
  const headers = Object.fromEntries(request.headers);
  if (!carriesBody(request))
    return { snapshot: { method, url: request.url, headers, body: undefined, bodySize: 0 }, request };
  let body: ArrayBuffer;
  try {
    body = await request.arrayBuffer();
  } catch (error) {
    if (request.signal.aborted) throw error;
    // A body stream that failed mid-read: the service answers the request (its 401 first, else its 400 for a body
    // it cannot read), and the journal keeps no body.
    return { snapshot: { method, url: request.url, headers, body: undefined, bodySize: 0 }, request };
  }
  const fresh = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
  });
  return {
    snapshot: { method, url: request.url, headers, body: kept(body), bodySize: body.byteLength },
    request: fresh,
  };
}

/** Builds a journal entry (without its index, which the journal adds) from a request snapshot and the status answered (0 for a network error). */
export function journalEntry(
  snapshot: RequestSnapshot,
  target: JournalTarget,
  status: number,
): Omit<JournalEntry, "index"> {
  const url = new URL(snapshot.url);
  const names = target.operationId === undefined ? [...new Set(url.searchParams.keys())] : target.queryNames;
  const query: Record<string, string> = {};
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null) query[name] = value;
  }
  const truncated = snapshot.body !== undefined && snapshot.bodySize > snapshot.body.byteLength;
  const text = snapshot.body === undefined ? undefined : new TextDecoder().decode(snapshot.body);
  return {
    operationId: target.operationId,
    method: snapshot.method,
    url: snapshot.url,
    params: target.params,
    query,
    body: text === undefined ? undefined : truncated ? text : parseBody(text),
    bodyTruncated: truncated,
    headers: snapshot.headers,
    status,
  } as Omit<JournalEntry, "index">;
}
