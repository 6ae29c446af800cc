import * as petstoreMockModule from "@petstore/mock";
import type { RequestHandler } from "msw";

/** The part of `@petstore/mock` the mock benchmark uses (DESIGN.md §4). */
export type PetstoreMockModule = Pick<typeof petstoreMockModule, "createPetstoreHandlers">;

/** `@petstore/mock`, a workspace dependency of the benchmarks. */
export async function loadPetstoreMock(): Promise<PetstoreMockModule> {
  return petstoreMockModule;
}

/** The MSW handlers of a handler set, whether returned as an array (with `.store`) or as `{ handlers }`. */
export function handlersOf(set: unknown): RequestHandler[] {
  if (Array.isArray(set)) return set as RequestHandler[];
  const handlers = (set as { handlers?: unknown } | null)?.handlers;
  if (Array.isArray(handlers)) return handlers as RequestHandler[];
  throw new Error("[@petstore/bench] createPetstoreHandlers returned neither an array nor { handlers }");
}
