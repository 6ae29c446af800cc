/**
 * Headers about the connection or the framing of the body, not about the answer (RFC 9110 §7.6.1, RFC 9112 §6): the
 * HTTP adapter writes them from the body it sends, so an override may not set them. `proxy-*` are a proxy's.
 */
const FRAMING = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "upgrade",
  "te",
  "trailer",
]);

/** Whether `name` is a hop-by-hop or framing header an answer's author may not set. */
export function isFramingHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return FRAMING.has(lower) || lower.startsWith("proxy-");
}

/** Why an override may not set the header `name`, for its error message. */
export function framingHeaderProblem(name: string): string {
  return `${name} is a connection or framing header, which the server writes itself from the body it sends: leave it out (an override sets the status, the body and the answer's other headers)`;
}
