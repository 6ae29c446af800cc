const SANE = /^[A-Za-z0-9._:-]{1,128}$/;
const HEX: string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
// Randomness for 256 ids is drawn at once: one call per 256 requests instead of one per request.
const POOL = new Uint8Array(16 * 256);
let offset = POOL.length;

/** A fresh request id: `req_` and 32 random hex digits. */
export function newRequestId(): string {
  if (offset === POOL.length) {
    crypto.getRandomValues(POOL);
    offset = 0;
  }
  let id = "req_";
  for (let end = offset + 16; offset < end; offset++) id += HEX[POOL[offset]!];
  return id;
}

/** The request id: the caller's `X-Request-Id` when it is short and plain, otherwise a fresh `req_…`. */
export function requestIdFor(incoming: string | null | undefined): string {
  return typeof incoming === "string" && SANE.test(incoming) ? incoming : newRequestId();
}
