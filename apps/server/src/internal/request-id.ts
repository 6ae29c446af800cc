import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

const SANE = /^[A-Za-z0-9._:-]{1,128}$/;
const ID_DIGITS = 32;
// Randomness for 256 ids is drawn and hex-encoded at once: two native calls per 256 requests instead of per request.
const POOL_BYTES = (ID_DIGITS / 2) * 256;

let pool = "";
let offset = 0;

/** A fresh request id: `req_` and 32 random hex digits. */
export function newRequestId(): string {
  if (offset === pool.length) {
    pool = randomBytes(POOL_BYTES).toString("hex");
    offset = 0;
  }
  const id = `req_${pool.slice(offset, offset + ID_DIGITS)}`;
  offset += ID_DIGITS;
  return id;
}

/** The request id: the caller's `x-request-id` when it is short and plain, otherwise a fresh `req_…`. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  if (typeof incoming === "string" && SANE.test(incoming)) return incoming;
  return newRequestId();
}
