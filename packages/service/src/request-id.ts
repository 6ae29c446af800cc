const SANE = /^[A-Za-z0-9._:-]{1,128}$/;
const HEX: string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
const IDS_PER_DRAW = 256;
// Randomness for 256 ids is drawn and spelled in hex at once: one call per 256 requests, and each id one flat string
// (joined) rather than a rope of 17 pieces that every header check and log line would walk again.
const POOL = new Uint8Array(16 * IDS_PER_DRAW);
const ids: string[] = [];

/** A fresh request id: `req_` and 32 random hex digits. */
export function newRequestId(): string {
  if (ids.length === 0) {
    crypto.getRandomValues(POOL);
    const parts: string[] = [];
    for (let i = POOL.length - 16; i >= 0; i -= 16) {
      parts.length = 0;
      parts.push("req_");
      for (let j = i; j < i + 16; j++) parts.push(HEX[POOL[j]!]!);
      ids.push(parts.join(""));
    }
  }
  return ids.pop()!;
}

/** The request id: the caller's `X-Request-Id` when it is short and plain, otherwise a fresh `req_…`. */
export function requestIdFor(incoming: string | null | undefined): string {
  return typeof incoming === "string" && SANE.test(incoming) ? incoming : newRequestId();
}
