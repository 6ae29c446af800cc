/** Longest delay `setTimeout` (and so MSW's `delay`) honours; longer ones would fire at once. */
export const MAX_DELAY_MS = 2_147_483_647;

/** Throws a prefixed RangeError unless `ms` is a number of milliseconds `setTimeout` can wait. */
export function checkMilliseconds(what: string, ms: unknown): number {
  if (typeof ms !== "number" || !(ms >= 0 && ms <= MAX_DELAY_MS)) {
    throw new RangeError(`[@petstore/mock] ${what} must be milliseconds from 0 to ${MAX_DELAY_MS}, got ${describeValue(ms)}`);
  }
  return ms;
}

/** A short, safe rendering of a bad argument for an error message. */
export function describeValue(value: unknown): string {
  if (typeof value === "function") return "a function";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (value === undefined) return "undefined";
  try {
    return JSON.stringify(value)?.slice(0, 80) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
