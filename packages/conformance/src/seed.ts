/**
 * Reads a `CONFORMANCE_SEED` value: `undefined` when unset or empty, otherwise an exact integer. Throws a one-line
 * message naming the variable when the value is not an integer or too large to be represented exactly.
 */
export function parseSeed(text: string | undefined): number | undefined {
  if (text === undefined || text === "") return undefined;
  if (!/^-?\d+$/.test(text)) {
    throw new Error(
      `[@petstore/conformance] CONFORMANCE_SEED must be an integer, got ${JSON.stringify(text)}: set it to the seed a run printed, or unset it`,
    );
  }
  const seed = Number(text);
  if (!Number.isSafeInteger(seed)) {
    throw new Error(
      `[@petstore/conformance] CONFORMANCE_SEED ${text} is too large to be exact (the limit is ±${Number.MAX_SAFE_INTEGER}): set it to the seed a run printed, or unset it`,
    );
  }
  return seed;
}
