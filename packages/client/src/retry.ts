/** The longest wait a server's `Retry-After` can ask for that the SDK honours; a longer one ends the call. */
export const MAX_HEADER_DELAY = 60_000;

/**
 * The methods HTTP does not make repeatable: a request with one of them is retried only with an `Idempotency-Key`,
 * which makes the service apply it once. Every other method may be sent more than once.
 */
export const NOT_IDEMPOTENT = /^(post|patch)$/i;

/** Whether a failed response is worth retrying: `x-should-retry` decides when present, else 408, 409, 429 and 5xx. A success never is. */
export function shouldRetry({ headers, status, ok }: Response): boolean {
  // An absent header reads as "null", which is neither.
  const override = headers.get("x-should-retry")!;
  return !ok && (/^true$/i.test(override) || (!/^false$/i.test(override) && /^(40[89]|429|5)/.test(`${status}`)));
}
