import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

const SANE = /^[A-Za-z0-9._:-]{1,128}$/;
const ID_BYTES = 16;
// Randomness for 256 ids is drawn at once: one call per 256 requests instead of one per request.
const POOL_BYTES = ID_BYTES * 256;

let pool = Buffer.alloc(0);
let offset = 0;

/** A fresh request id: `req_` and 32 random hex digits. */
export function newRequestId(): string {
  if (offset === pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const id = `req_${pool.toString("hex", offset, offset + ID_BYTES)}`;
  offset += ID_BYTES;
  return id;
}

/** The request id: the caller's `x-request-id` when it is short and plain, otherwise a fresh `req_…`. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  if (typeof incoming === "string" && SANE.test(incoming)) return incoming;
  return newRequestId();
}
