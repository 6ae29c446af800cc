import type { OperationId } from "@petstore/contract";
import { describeValue } from "./internal/check";
import type { OperationById, PathParamsOf, QueryOf, RequestBodyOf } from "./types";

/** One request a handler set answered, typed for the operation it called. */
export interface JournalEntryOf<Id extends OperationId> {
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
  /** The JSON body as sent (`undefined` without one). A request answered with a 4xx may hold anything here. */
  body: RequestBodyOf<OperationById<Id>> | undefined;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The status answered; 0 for a network error (`fetch` rejected). */
  status: number;
}

/** A request to a path or method outside the contract (answered 404, 405 or 400). */
export interface UnmatchedJournalEntry {
  operationId: undefined;
  method: string;
  url: string;
  params: Record<string, never>;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
  status: number;
}

/** Any journal entry; narrow it by `operationId`. */
export type JournalEntry = { [Id in OperationId]: JournalEntryOf<Id> }[OperationId] | UnmatchedJournalEntry;

/** The requests a handler set answered, oldest first: `handlers.requests`. */
export interface PetstoreRequestJournal extends Iterable<JournalEntry> {
  /** How many requests were recorded. */
  readonly length: number;
  /** Every entry, oldest first (a copy of the list). */
  all(): JournalEntry[];
  /** The entries of one operation, oldest first, typed for it: `requests.of("createPet")[0].body` is a `NewPet`. */
  of<Id extends OperationId>(operationId: Id): JournalEntryOf<Id>[];
  /** Forgets every entry; `store.reset()` of the handler set does this too. */
  clear(): void;
}

/** What a handler records: a function that builds the entry when the journal is first read. */
export type JournalRecorder = (entry: () => JournalEntry) => void;

/** An empty journal and the function that appends to it. */
export function createJournal(operationIds: readonly string[]): {
  journal: PetstoreRequestJournal;
  record: JournalRecorder;
} {
  // Entries are built when first read: most requests of a run are never looked at, and building one (URL and body
  // parsing) costs more than answering it.
  const entries: (JournalEntry | (() => JournalEntry))[] = [];
  const read = (): JournalEntry[] =>
    entries.map((entry, index) => (typeof entry === "function" ? (entries[index] = entry()) : entry));
  const journal: PetstoreRequestJournal = {
    get length() {
      return entries.length;
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
    clear: () => {
      entries.length = 0;
    },
    [Symbol.iterator]: () => read()[Symbol.iterator](),
  };
  return { journal, record: (entry) => void entries.push(entry) };
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
  /** The body's bytes; undefined for a request without a body. */
  body: ArrayBuffer | undefined;
}

function carriesBody(request: Request): boolean {
  return request.body !== null && request.method.toUpperCase() !== "GET" && request.method.toUpperCase() !== "HEAD";
}

/** A snapshot that leaves `request` unread, for a handler that may pass it on: the body is read from a copy. */
export async function snapshotCopy(request: Request): Promise<RequestSnapshot> {
  const headers = Object.fromEntries(request.headers);
  const body = carriesBody(request)
    ? await request
        .clone()
        .arrayBuffer()
        .catch(() => new ArrayBuffer(0))
    : undefined;
  return { method: request.method.toUpperCase(), url: request.url, headers, body };
}

/**
 * Reads `request` once for the journal and returns a fresh request with the same body for the handler to read: one
 * buffer, cheaper than `clone()`, whose stream copy costs as much as the rest of the answer.
 */
export async function snapshotRequest(request: Request): Promise<{ snapshot: RequestSnapshot; request: Request }> {
  const method = request.method.toUpperCase();
  const headers = Object.fromEntries(request.headers);
  if (!carriesBody(request)) return { snapshot: { method, url: request.url, headers, body: undefined }, request };
  const body = await request.arrayBuffer();
  const fresh = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
  });
  return { snapshot: { method, url: request.url, headers, body }, request: fresh };
}

/** Builds a journal entry from a request snapshot and the status answered (0 for a network error). */
export function journalEntry(snapshot: RequestSnapshot, target: JournalTarget, status: number): JournalEntry {
  const url = new URL(snapshot.url);
  const names = target.operationId === undefined ? [...new Set(url.searchParams.keys())] : target.queryNames;
  const query: Record<string, string> = {};
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null) query[name] = value;
  }
  return {
    operationId: target.operationId,
    method: snapshot.method,
    url: snapshot.url,
    params: target.params,
    query,
    body: snapshot.body === undefined ? undefined : parseBody(new TextDecoder().decode(snapshot.body)),
    headers: snapshot.headers,
    status,
  } as JournalEntry;
}
