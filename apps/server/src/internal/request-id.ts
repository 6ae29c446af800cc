import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

const SANE = /^[A-Za-z0-9._:\-]{1,128}$/;

/** A fresh request id: `req_` and 32 hex digits (a v4 UUID without dashes; Node batches its entropy, so this is cheap). */
export function newRequestId(): string {
  return `req_${randomUUID().replaceAll("-", "")}`;
}

/** The request id: the caller's `x-request-id` when it is short and plain, otherwise a fresh `req_…`. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  if (typeof incoming === "string" && SANE.test(incoming)) return incoming;
  return newRequestId();
}
