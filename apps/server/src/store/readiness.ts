/** How long a readiness answer is reused: probes from many load balancers cost one query a second at most. */
const FRESH_MS = 1_000;
/** A probe slower than this counts as "not ready": a hung database must not hang `/readyz` too. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * `ready()` for a store that must ask something remote: runs `probe` at most once per second (concurrent
 * callers share one run), resolves false when it rejects or takes over 2 s, and never rejects.
 */
export function createReadiness(probe: () => Promise<unknown>): () => Promise<boolean> {
  let last: { at: number; ready: Promise<boolean> } | undefined;
  return () => {
    const now = Date.now();
    if (last && now - last.at < FRESH_MS) return last.ready;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    });
    const ran = probe().then(
      () => true,
      () => false,
    );
    const ready = Promise.race([ran, timedOut]).finally(() => clearTimeout(timer));
    last = { at: now, ready };
    return ready;
  };
}
