/** Prefix of every message the SDK writes. */
export const PREFIX = "[@petstore/client] ";

const show = (value: unknown) => (typeof value === "string" ? JSON.stringify(value) : String(value));

/** Throws a TypeError saying what a value must be and what it was, before any request is sent. */
export function invalid(name: string, expected: string, got: unknown): never {
  throw new TypeError(`${PREFIX}${name} must be ${expected}; got ${show(got)}.`);
}
