/**
 * Runs one phase of the release test and prints how long it took: the test runs for minutes, and a slow
 * registry or build should be visible in the log without a profiler.
 */
export async function step<T>(label: string, phase: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await phase();
  console.log(`[@petstore/release-test] ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}
