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

/**
 * Milliseconds the server asks to wait, from `retry-after-ms`, else `Retry-After` (seconds or an HTTP date), or
 * undefined when neither holds a usable value (absent, negative, not a number, a date in the past).
 */
export function serverDelay(headers: Headers, now: () => number): number | undefined {
  // `Headers` trims HTTP whitespace from values (absent is null, which matches nothing and is no date).
  const after = headers.get("retry-after")!;
  return [
    // A blank value (a no-break space, which `Headers` keeps) is NaN, not 0.
    Number(headers.get("retry-after-ms")?.trim() || undefined),
    /^\d+(\.\d+)?$/.test(after) ? +after * 1000 : Date.parse(after) - now(),
  ].find((delay) => delay >= 0 && delay < Infinity);
}
