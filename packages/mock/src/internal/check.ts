/** Longest delay `setTimeout` (and so MSW's `delay`) honours; longer ones would fire at once. */
export const MAX_DELAY_MS = 2_147_483_647;

/** Throws a prefixed RangeError unless `ms` is a number of milliseconds `setTimeout` can wait. */
export function checkMilliseconds(what: string, ms: unknown): number {
  if (typeof ms !== "number" || !(ms >= 0 && ms <= MAX_DELAY_MS)) {
    throw new RangeError(
      `[@petstore/mock] ${what} must be milliseconds from 0 to ${MAX_DELAY_MS}, got ${describeValue(ms)}`,
    );
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

/**
 * Throws a prefixed TypeError unless `options` is undefined or a plain object whose keys are all in `known`: a
 * misspelt option (`time` for `times`) would otherwise be ignored and the test would run with the defaults.
 */
export function checkOptionsObject(what: string, options: unknown, known: readonly string[]): void {
  if (options === undefined) return;
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError(
      `[@petstore/mock] ${what} must be an object with ${known.join(", ")}, got ${describeValue(options)}`,
    );
  }
  const unknown = Object.keys(options).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new TypeError(
      `[@petstore/mock] ${what}: unknown option ${unknown.map((name) => JSON.stringify(name)).join(", ")}: use ${known.join(", ")}`,
    );
  }
}
