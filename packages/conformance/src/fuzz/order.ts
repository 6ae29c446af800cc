/** Methods that never change what a server stores (RFC 9110 §9.2.1, safe methods): requests with them may overlap. */
const SAFE = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);

/**
 * Runs `run` for every item, in order, overlapping up to `concurrency` consecutive items whose requests all use safe
 * methods (exactly as sent: `get` is not `GET`). Any other request runs alone, after every item before it and before
 * every item after it, so two targets given the same list see the same writes in the same order, and each read sees
 * the state the list says it does.
 */
export async function inStoreOrder<T>(
  items: readonly T[],
  methodsOf: (item: T) => readonly string[],
  run: (item: T, index: number) => Promise<void>,
  concurrency = 8,
): Promise<void> {
  let overlapping: Promise<void>[] = [];
  for (const [index, item] of items.entries()) {
    const safe = methodsOf(item).every((method) => SAFE.has(method));
    if (!safe || overlapping.length >= concurrency) {
      await Promise.all(overlapping);
      overlapping = [];
    }
    if (safe) overlapping.push(run(item, index));
    else await run(item, index);
  }
  await Promise.all(overlapping);
}
