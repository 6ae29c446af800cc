/**
 * The first bad `port` or `host` of a function that listens (`startPrism`, `startPetstoreMockServer`), as an error to
 * throw, or undefined: a value of the wrong kind is a TypeError, a port number outside 0–65535 a RangeError.
 */
export function listenOptionsError(what: string, port: unknown, host: unknown): Error | undefined {
  const portMessage = `[@petstore/mock] ${what}: port must be an integer from 0 to 65535, got ${String(port)}`;
  if (!Number.isInteger(port)) return new TypeError(portMessage);
  if ((port as number) < 0 || (port as number) > 65_535) return new RangeError(portMessage);
  if (typeof host !== "string" || host.trim() === "")
    return new TypeError(
      `[@petstore/mock] ${what}: host must be a non-empty string such as "127.0.0.1", got ${String(host)}`,
    );
  return undefined;
}

/** The one line a listener gives when its port is taken. */
export function portInUseError(what: string, port: number, host: string): Error {
  return new Error(
    `[@petstore/mock] ${what}: port ${port} on ${host} is in use; pass another port, or 0 for a free one`,
  );
}
