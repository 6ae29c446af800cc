const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id: the caller's `X-Request-Id` when it is short and plain (as the server does), otherwise a fresh `req_…`. */
export function requestIdFor(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming !== null && SANE.test(incoming) ? incoming : newRequestId();
}

/** A fresh request id, `req_` and 32 hex digits, shaped like the server's. */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `req_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
