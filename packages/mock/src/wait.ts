/** Longest wait `setTimeout` honours; `"infinite"` waits this long (about 24.8 days), as MSW's `delay` does. */
const MAX_WAIT_MS = 2_147_483_647;

/** A delay: milliseconds, or MSW's modes `"real"` (a realistic server time) and `"infinite"`. */
export type Wait = number | "real" | "infinite";

/** MSW's "real" delay: 5 ms in Node, 100–400 ms in a browser. */
function realisticMs(): number {
  const isNode = typeof process !== "undefined" && typeof process.versions?.node === "string";
  return isNode ? 5 : 100 + Math.floor(Math.random() * 300);
}

/**
 * The descriptions of the symbols under which msw's Node interceptors (`setupServer`) hold themselves on `globalThis`
 * while they are applied (@mswjs/interceptors' `Interceptor.apply`); `server.close()` deletes them.
 */
const INTERCEPTOR_SYMBOLS = new Set(["fetch", "client-request-interceptor", "xhr"]);

/** Whether a `setupServer` is listening in this process (its interceptors are applied). */
function interceptorsApplied(): boolean {
  return Object.getOwnPropertySymbols(globalThis).some((symbol) => INTERCEPTOR_SYMBOLS.has(symbol.description ?? ""));
}

/** How often a wait under `setupServer` checks that the server still listens. */
const CLOSE_CHECK_MS = 50;

/**
 * Waits `wait`, or less when `signal` aborts (the client gave up on the request) or, for a request that came through
 * msw's `setupServer`, when that server closes: resolves true when the full time passed, false otherwise. Unlike MSW's
 * `delay`, no timer outlives the request or the server, so a forgotten slow response never keeps the process (or
 * Jest) alive. (`startPetstoreMockServer`'s `close()` ends its requests' connections, which aborts their signals.)
 */
export function waitUnlessAborted(wait: Wait, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  const ms = wait === "infinite" ? MAX_WAIT_MS : wait === "real" ? realisticMs() : wait;
  const underSetupServer = interceptorsApplied();
  return new Promise((resolve) => {
    const end = (completed: boolean) => {
      clearTimeout(timer);
      clearInterval(watch);
      signal.removeEventListener("abort", onAbort);
      resolve(completed);
    };
    const onAbort = () => end(false);
    const timer = setTimeout(() => end(true), ms);
    // msw tells a handler nothing when its server closes: look, while waiting, whether its interceptors are still there.
    const watch = underSetupServer
      ? setInterval(() => {
          if (!interceptorsApplied()) end(false);
        }, CLOSE_CHECK_MS)
      : undefined;
    // The check alone never keeps the process alive; the wait's own timer does, as long as the wait is wanted.
    if (typeof watch === "object" && watch !== null && "unref" in watch) watch.unref();
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
