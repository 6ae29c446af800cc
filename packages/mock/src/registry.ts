import type { Gate } from "./internal/gate";
import { basePathOf } from "./internal/match";
import type { JournalRecorder } from "./journal";

/** What scenarios and overrides need from the handler set that serves a URL: its core's gate (keys, matching) and its journal. */
export interface LiveHandlerSet {
  readonly baseUrls: readonly string[];
  readonly gate: Gate;
  readonly record: JournalRecorder;
}

// Weak, so handler sets that tests dropped can be collected; a set is held by its own handler's closure.
const live = new Set<WeakRef<LiveHandlerSet>>();

/** Makes a handler set known to the scenarios and overrides created without one (`petstoreMock.*`). */
export function registerHandlerSet(set: LiveHandlerSet): void {
  // Dropped sets are pruned as they are met; a process that creates many sets and never looks them up prunes here.
  if (live.size >= 64) for (const ref of live) if (ref.deref() === undefined) live.delete(ref);
  live.add(new WeakRef(set));
}

function* liveSets(): Generator<LiveHandlerSet> {
  for (const ref of live) {
    const set = ref.deref();
    if (set === undefined) live.delete(ref);
    else yield set;
  }
}

/** Whether `url` (origin + path) is under `baseUrl`. */
function isUnder(url: string, baseUrl: string): boolean {
  return url === baseUrl || url.startsWith(`${baseUrl}/`);
}

/** The live handler sets that answer `url` (its path decoded as the service core decodes it), newest first. */
export function setsServing(url: URL): LiveHandlerSet[] {
  return [...liveSets()].filter((set) => basePathOf(url, set.baseUrls) !== undefined).reverse();
}

/**
 * Whether helpers for `baseUrls` would miss every live handler set: handler sets exist, and none answers any of these
 * URLs (a scenario on `petstoreMock` while the handlers were made with other `baseUrls`).
 */
export function missesEveryHandlerSet(baseUrls: readonly string[]): boolean {
  const sets = [...liveSets()];
  return (
    sets.length > 0 &&
    !baseUrls.some((base) => sets.some((set) => set.baseUrls.some((served) => isUnder(base, served))))
  );
}

/** The base URLs of every live handler set, for messages. */
export function servedBaseUrls(): string[] {
  return [...new Set([...liveSets()].flatMap((set) => set.baseUrls))];
}
