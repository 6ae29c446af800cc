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
 * Waits `wait`, or less when `signal` aborts (the client gave up on the request): resolves true when the full time
 * passed, false when aborted. Unlike MSW's `delay`, no timer outlives the request, so an aborted slow response never
 * keeps the process (or Jest) alive.
 */
export function waitUnlessAborted(wait: Wait, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  const ms = wait === "infinite" ? MAX_WAIT_MS : wait === "real" ? realisticMs() : wait;
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
