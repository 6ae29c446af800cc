import { ConnectionError, TimeoutError, type PetstoreError } from "./errors";
import { PREFIX } from "./internal/fail";
import type { RetrySettings } from "./options";

const RETRY_STATUSES = [408, 409, 429];
const MAX_HEADER_DELAY = 60_000;

/** Whether a failed response is worth retrying: `x-should-retry` decides when present, else 408, 409, 429 and 5xx. A success never is. */
export function shouldRetry({ headers, status, ok }: Response): boolean {
  const override = headers.get("x-should-retry")?.toLowerCase();
  return !ok && (override === "true" || (override !== "false" && (RETRY_STATUSES.includes(status) || status >= 500)));
}

/** Milliseconds to wait before retry number `retry` (0-based): the server's hint when 0–60 s, else capped exponential backoff minus up to 25 % jitter. */
export function retryDelay(retry: number, headers: Headers | undefined, settings: RetrySettings): number {
  const after = headers?.get("retry-after")?.trim() ?? "";
  for (const delay of [
    Number(headers?.get("retry-after-ms") || Number.NaN),
    /^\d+(\.\d+)?$/.test(after) ? Number(after) * 1000 : Date.parse(after) - settings.now(),
  ]) {
    if (delay >= 0 && delay <= MAX_HEADER_DELAY) return delay;
  }
  return Math.min(500 * 2 ** retry, 8000) * (1 - 0.25 * settings.random());
}

/**
 * Runs one logical call: sends an attempt, reads its body with `read`, and retries per the rules above.
 * Each attempt gets its own timeout covering the body too, so a stalled body times out and is retried.
 * The caller's `signal` stops everything, including the wait between attempts, and is never retried.
 */
export async function withRetries<T>(
  send: (attempt: AbortController) => Promise<Response>,
  read: (response: Response) => Promise<T>,
  settings: RetrySettings,
  retryable: boolean,
  target: string,
  signal?: AbortSignal,
): Promise<[Response, T]> {
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw signal.reason;
    const controller = new AbortController();
    let stop!: (reason?: unknown) => void;
    // Racing against `stopped` ends the attempt on time even with an injected fetch that ignores the signal.
    const stopped = new Promise<never>((_, reject) => (stop = reject));
    const abort = (reason?: unknown) => {
      controller.abort(reason);
      stop(reason);
    };
    const onAbort = () => abort(signal?.reason);
    signal?.addEventListener("abort", onAbort);
    const timer = setTimeout(abort, settings.timeout);
    let response: Response | undefined;
    let result: [Response, T] | undefined;
    let failure: PetstoreError | undefined;
    try {
      response = await Promise.race([send(controller), stopped]);
      result = [response, await Promise.race([read(response), stopped])];
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      // Only a timeout aborts the controller here; reading its signal (created on first read) is fine off the hot path.
      failure = controller.signal.aborted
        ? new TimeoutError(`${PREFIX}${target} timed out after ${settings.timeout} ms; raise the timeout option.`, { code: "timeout", cause: error })
        : new ConnectionError(`${PREFIX}${target} ${response ? "broke off while reading the response" : "got no response"} (${String(error)}); check baseUrl and the network.`, {
            code: "connection_error",
            cause: error,
          });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
    const canRetry = retryable && attempt < settings.maxRetries;
    if (result && !(canRetry && shouldRetry(result[0]))) return result;
    if (failure && !canRetry) throw failure;
    await settings.sleep(retryDelay(attempt, result?.[0].headers, settings), signal);
  }
}

/** Runs `start` unless `signal` has aborted, and settles like its promise or with the signal's reason, whichever comes first. */
export function abortable<T>(start: () => Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort);
    start()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", onAbort));
  });
}
