/** Prefix of every message the SDK writes. */
export const PREFIX = "[@petstore/client] ";

/** Throws a TypeError with the SDK's prefix, before any request is sent. */
export function fail(message: string): never {
  throw new TypeError(PREFIX + message);
}

/** Throws a TypeError saying what a value must be and what it was, before any request is sent. */
export function invalid(name: string, expected: string, got: unknown): never {
  // Never `String(got)` on an object: it may throw (no prototype) or print "[object Object]".
  return fail(
    `${name} must be ${expected}; got ${
      typeof got === "string"
        ? JSON.stringify(got)
        : typeof got === "bigint"
          ? `${got}n`
          : got && typeof got === "object"
            ? "an object"
            : String(got)
    }.`,
  );
}

/** Whether a value is an object and not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === "object" && !Array.isArray(value);

/** Throws a TypeError naming `name` unless the value is an object (not an array). */
export function checkObject(name: string, value: unknown): void {
  if (!isRecord(value)) invalid(name, "an object", value);
}

/** Checks one option's value (never undefined), throwing a TypeError that names the option and what to pass. */
// biome-ignore lint/suspicious/noExplicitAny: each check narrows the value itself
export type Check = (name: string, value: any) => unknown;

/**
 * Rejects options (`what` names one: "request option") that are not an object, misspelt (`baseURL`: never silently
 * ignored) or malformed, walking the table of checks.
 */
export function checkOptions(what: string, options: unknown, checks: Record<string, Check | 0>): void {
  checkObject(`${what}s`, options);
  const known = Object.keys(checks);
  // The options' own keys, each one of the table's own: a property added to Object.prototype is no option.
  for (const key of Object.keys(options as object)) {
    if (!known.includes(key)) fail(`Unknown ${what} ${JSON.stringify(key)}; use ${known.join(", ")}.`);
    const check = checks[key];
    const value = (options as Record<string, unknown>)[key];
    if (check && value !== undefined) check(key, value);
  }
}
