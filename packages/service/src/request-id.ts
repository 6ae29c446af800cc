const SANE = /^[A-Za-z0-9._:-]{1,128}$/;
const IDS_PER_DRAW = 256;
const PREFIX = "req_";
/** Characters of an id: the prefix and 32 hex digits. */
const ID_LENGTH = PREFIX.length + 32;
/** The two ASCII hex digits of each byte value, as character codes. */
const HEX_CODES = new Uint8Array(512);
for (let byte = 0; byte < 256; byte++) {
  const hex = byte.toString(16).padStart(2, "0");
  HEX_CODES[2 * byte] = hex.charCodeAt(0);
  HEX_CODES[2 * byte + 1] = hex.charCodeAt(1);
}
const POOL = new Uint8Array(16 * IDS_PER_DRAW);
const TEXT = new Uint8Array(ID_LENGTH * IDS_PER_DRAW);
for (let i = 0; i < IDS_PER_DRAW; i++)
  for (let j = 0; j < PREFIX.length; j++) TEXT[i * ID_LENGTH + j] = PREFIX.charCodeAt(j);
const ascii = new TextDecoder();
// Randomness for 256 ids is drawn and spelled in hex at once, into one string each id is a slice of: one call per
// 256 requests, and each id a flat string, not a rope of pieces that every header check and log line walks again.
let drawn = "";
let next = IDS_PER_DRAW;

/** A fresh request id: `req_` and 32 random hex digits. */
export function newRequestId(): string {
  if (next === IDS_PER_DRAW) {
    crypto.getRandomValues(POOL);
    for (let i = 0; i < IDS_PER_DRAW; i++) {
      let at = i * ID_LENGTH + PREFIX.length;
      for (let j = i * 16; j < i * 16 + 16; j++) {
        TEXT[at++] = HEX_CODES[2 * POOL[j]!]!;
        TEXT[at++] = HEX_CODES[2 * POOL[j]! + 1]!;
      }
    }
    drawn = ascii.decode(TEXT);
    next = 0;
  }
  const start = next++ * ID_LENGTH;
  return drawn.slice(start, start + ID_LENGTH);
}

/** The request id: the caller's `X-Request-Id` when it is short and plain, otherwise a fresh `req_…`. */
export function requestIdFor(incoming: string | null | undefined): string {
  return typeof incoming === "string" && SANE.test(incoming) ? incoming : newRequestId();
}
