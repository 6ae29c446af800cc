import { ConnectionError, TimeoutError, type PetstoreError } from "./errors";
import { PREFIX } from "./internal/fail";
import type { RetrySettings } from "./options";

const RETRY_STATUSES = [408, 409, 429];
const MAX_HEADER_DELAY = 60_000;

/** Whether a response is worth retrying: `x-should-retry` decides when present, else 408, 409, 429 and 5xx. */
export function shouldRetry(response: Response): boolean {
  const override = response.headers.get("x-should-retry");
  if (override === "true") return true;
  if (override === "false") return false;
  return RETRY_STATUSES.includes(response.status) || response.status >= 500;
}

function delayFromHeaders(headers: Headers | undefined, now: () => number): number | undefined {
  const ms = Number(headers?.get("retry-after-ms") || Number.NaN);
  if (ms >= 0 && ms <= MAX_HEADER_DELAY) return ms;
  const after = headers?.get("retry-after")?.trim();
  if (!after) return undefined;
  const delay = /^\d+(\.\d+)?$/.test(after) ? Number(after) * 1000 : Date.parse(after) - now();
  return delay >= 0 && delay <= MAX_HEADER_DELAY ? delay : undefined;
}

/** Milliseconds to wait before retry number `retry` (0-based): the server's hint when 0–60 s, else capped exponential backoff minus up to 25 % jitter. */
export function retryDelay(retry: number, headers: Headers | undefined, settings: RetrySettings): number {
  return delayFromHeaders(headers, settings.now) ?? Math.min(500 * 2 ** retry, 8000) * (1 - 0.25 * settings.random());
}

/** Wraps `fetch` with per-attempt timeouts and retries; the user's abort signal (the request's) stops everything and is never retried. */
export function retryingFetch(
  fetchImpl: (request: Request) => Promise<Response>,
  settings: RetrySettings,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const signal = request.signal;
    // Buffered once so every attempt sends the same bytes (and the same Idempotency-Key header).
    const body = request.body ? await request.arrayBuffer() : null;
    const retryable = (request.method !== "POST" && request.method !== "PATCH") || request.headers.has("idempotency-key");
    const target = `${request.method} ${request.url}`;
    for (let attempt = 0; ; attempt++) {
      if (signal.aborted) throw signal.reason;
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, settings.timeout);
      const onAbort = () => controller.abort(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      let response: Response | undefined;
      let failure: PetstoreError | undefined;
      try {
        const received = await fetchImpl(new Request(request, { body, signal: controller.signal }));
        // Reading the body inside the attempt lets the timeout cover it, and lets a stalled body be retried.
        const bytes = await received.arrayBuffer();
        const { status, statusText, headers } = received;
        response = new Response(bytes.byteLength ? bytes : null, { status, statusText, headers });
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        failure = timedOut
          ? new TimeoutError(`${PREFIX}${target} timed out after ${settings.timeout} ms; raise the timeout option.`, { code: "timeout", cause: error })
          : new ConnectionError(`${PREFIX}${target} got no response (${String(error)}); check baseUrl and the network.`, { code: "connection_error", cause: error });
      } finally {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
      }
      const canRetry = retryable && attempt < settings.maxRetries;
      if (response && !(canRetry && shouldRetry(response))) return response;
      if (failure && !canRetry) throw failure;
      await settings.sleep(retryDelay(attempt, response?.headers, settings), signal);
    }
  };
}
