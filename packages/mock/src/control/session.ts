import type { Pet } from "@petstore/contract";
import type { RequestHandler } from "msw";
// By the package's own name, as the http entry imports it: one module instance of the handler sets.
import { createPetstoreHandlers, type PetstoreHandlers, type PetstoreMockOptions } from "@petstore/mock";
import { describeValue } from "../internal/check";

/** The clock of a served handler set: the options' `now` (or `Date.now()`), moved by an offset. */
interface MockClock {
  /** The set's current time, in epoch milliseconds. */
  now(): number;
  /** Moves the clock so that it reads `epochMs` now; it runs on from there. */
  set(epochMs: number): void;
  /** Moves the clock by `ms` (negative goes back). */
  advance(ms: number): void;
  /** Back to the options' clock. */
  restore(): void;
}

/** One served handler set and what a test changes around it: handlers added with `use`, its seed pets, its clock. */
export interface MockSession {
  /** The handler set answering now; `seed` replaces it. */
  readonly handlers: PetstoreHandlers;
  /** Handlers tried before the set's own, the last added first. */
  readonly added: readonly RequestHandler[];
  readonly clock: MockClock;
  use(...handlers: RequestHandler[]): void;
  resetHandlers(): void;
  /** A new handler set seeded with `pets` (checked as the `pets` option is); handlers added with `use` are dropped. */
  seed(pets: readonly Pet[]): void;
  /** Back to the seed pets, journal cleared, added handlers dropped, the clock restored. */
  reset(): void;
}

function checkEpoch(what: string, ms: unknown): number {
  if (typeof ms !== "number" || !Number.isSafeInteger(ms))
    throw new TypeError(`[@petstore/mock] ${what} must be whole epoch milliseconds, got ${describeValue(ms)}`);
  return ms;
}

/** A session over `createPetstoreHandlers(options)`, whose `now` is the session's clock. */
export function createMockSession(options: PetstoreMockOptions): MockSession {
  const base = options.now ?? (() => Date.now());
  let offset = 0;
  const clock: MockClock = {
    now: () => base() + offset,
    set: (epochMs) => void (offset = checkEpoch("the clock's time", epochMs) - base()),
    advance: (ms) => void (offset += checkEpoch("the clock's step", ms)),
    restore: () => void (offset = 0),
  };
  const create = (pets: readonly Pet[] | undefined) => createPetstoreHandlers({ ...options, pets, now: clock.now });
  let handlers = create(options.pets);
  const added: RequestHandler[] = [];
  return {
    get handlers() {
      return handlers;
    },
    added,
    clock,
    use: (...more) => void added.unshift(...more),
    resetHandlers: () => void (added.length = 0),
    seed(pets) {
      // Built first: a bad seed throws and leaves everything as it was.
      handlers = create(pets);
      added.length = 0;
    },
    reset() {
      handlers.store.reset();
      added.length = 0;
      clock.restore();
    },
  };
}
