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

/** What a handler records: an entry, built once the response is known. */
export type JournalRecorder = (entry: JournalEntry) => void;

/** An empty journal and the function that appends to it. */
export function createJournal(operationIds: readonly string[]): { journal: PetstoreRequestJournal; record: JournalRecorder } {
  const entries: JournalEntry[] = [];
  const journal: PetstoreRequestJournal = {
    get length() {
      return entries.length;
    },
    all: () => [...entries],
    of<Id extends OperationId>(operationId: Id) {
      if (!operationIds.includes(operationId)) {
        throw new TypeError(`[@petstore/mock] requests.of needs an operationId (${operationIds.join(", ")}), got ${describeValue(operationId)}`);
      }
      return entries.filter((entry) => entry.operationId === operationId) as unknown as JournalEntryOf<Id>[];
    },
    clear: () => {
      entries.length = 0;
    },
    [Symbol.iterator]: () => [...entries][Symbol.iterator](),
  };
  return { journal, record: (entry) => void entries.push(entry) };
}

/** The JSON body of a request copy, or undefined when it has none or it is not JSON. */
async function jsonBody(copy: Request): Promise<unknown> {
  if (copy.method === "GET" || copy.method === "HEAD") return undefined;
  const text = await copy.text().catch(() => "");
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

/** Builds a journal entry from an unread copy of the request and the response sent for it. */
export async function journalEntry(copy: Request, target: JournalTarget, response: Response): Promise<JournalEntry> {
  const url = new URL(copy.url);
  const names = target.operationId === undefined ? [...new Set(url.searchParams.keys())] : target.queryNames;
  const query: Record<string, string> = {};
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null) query[name] = value;
  }
  return {
    operationId: target.operationId,
    method: copy.method.toUpperCase(),
    url: copy.url,
    params: target.params,
    query,
    body: await jsonBody(copy),
    headers: Object.fromEntries(copy.headers),
    status: response.type === "error" ? 0 : response.status,
  } as JournalEntry;
}
