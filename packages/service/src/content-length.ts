/**
 * True when a request's `Content-Length` declares a body of more than `limit` bytes, so that it can be refused (413)
 * before a byte of it is read, and its connection closed after the answer instead of draining it. A value that is not
 * one decimal length (absent, or a list a fetch `Request` joined) declares nothing here: the body as read decides.
 */
export function declaresMoreThan(contentLength: string | undefined, limit: number): boolean {
  if (contentLength === undefined || !/^\d+$/.test(contentLength)) return false;
  // Digits only: a length too long for a double is Infinity, over any limit.
  return Number(contentLength) > limit;
}
