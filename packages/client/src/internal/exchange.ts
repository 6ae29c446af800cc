import { ConnectionError, PetstoreError, TimeoutError } from "../errors";
import type { FetchFunction, FetchOptions, PetstoreClientOptions, RequestOptions, RetrySettings } from "../options";
import { retrySettings } from "../options";
import { MAX_HEADER_DELAY, mayRetry, retryDelay, serverDelay, shouldRetry } from "../retry";
import { ambiguous, attemptFailure, NOT_SENT, rootCode } from "./error-factory";
import { PREFIX } from "./fail";
import type { Log } from "./log";

/** What every request of a client shares, prepared once. */
export interface Context {
  options: PetstoreClientOptions;
  baseUrl: string;
  /** `User-Agent` and the client's headers, lower-cased; a request's headers go over them. */
  headers: Record<string, string>;
  /** Headers the caller cannot replace (`x-petstore-client`). */
  fixed: Record<string, string>;
  apiKey: () => Promise<string>;
  fetchOptions: FetchOptions | undefined;
  log: Log & { debugging: boolean };
  defaults: RetrySettings;
}

/** One request as the engine sends it: everything but the `Authorization` header, added per attempt. */
export interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: BodyInit | null;
  /** What log lines and errors call it, such as `GET http://…/pets`. */
  target: string;
}

/** A response whose body was read within the attempt's timeout, and the wait a server asked for when it was too long to honour. */
export interface Exchanged<T> {
  response: Response;
  value: T;
  retryAfterMs?: number;
}

// A declared body this large is no Petstore answer; refusing it keeps a hostile server from filling memory.
const MAX_BODY = 32 * 1024 * 1024;

/**
 * Sends a request with the client's retries and timeout, reading the body with `read` inside each attempt so the
 * timeout covers it. Each attempt resolves the API key (bounded by the timeout too) and calls
 * `fetch(url: string, init)`. Throws the SDK's error for a failure without a response; returns any response,
 * successful or not, for the caller to judge.
 */
export async function exchange<T>(
  context: Context,
  out: Outgoing,
  call: RequestOptions | undefined,
  read: (response: Response) => Promise<T>,
): Promise<Exchanged<T>> {
  const { options, log, fetchOptions } = context;
  const settings =
    call && (call.maxRetries !== undefined || call.timeout !== undefined)
      ? retrySettings(options, call)
      : context.defaults;
  const signal = call?.signal;
  const key = out.headers["idempotency-key"];
  let reached = false;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw signal.reason;
    const controller = new AbortController();
    let stop!: (reason?: unknown) => void;
    const abort = (reason?: unknown) => {
      controller.abort(reason);
      stop(reason);
    };
    const onAbort = () => abort(signal?.reason);
    signal?.addEventListener("abort", onAbort);
    const timer = setTimeout(abort, settings.timeout);
    const started = log.debugging ? Date.now() : 0;
    let response: Response | undefined;
    let value!: T;
    let failure: PetstoreError | undefined;
    let sent = false;
    const send = async () => {
      const authorization = `Bearer ${await context.apiKey()}`;
      const init = {
        ...fetchOptions,
        method: out.method,
        headers: { ...out.headers, authorization },
        body: out.body,
        // A data property, not a lazy getter: every real fetch reads the signal, and an object literal with a getter
        // gets a hidden class of its own each time, which costs more than the signal.
        signal: controller.signal,
      };
      sent = true;
      response = await ((options.fetch ?? fetch) as FetchFunction)(out.url, init);
      if (Number(response.headers.get("content-length")) > MAX_BODY) {
        void response.body?.cancel().catch(() => {});
        throw new PetstoreError(`${PREFIX}${out.target} sent a body over 32 MiB.`, {
          code: "response_too_large",
          status: response.status,
          headers: response.headers,
        });
      }
      return read(response);
    };
    try {
      // Settled by the attempt or by `stop`, so it ends on time even with a fetch or key function that ignores the signal.
      value = await new Promise<T>((resolve, reject) => {
        stop = reject;
        send().then(resolve, reject);
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      failure = attemptFailure(error, controller.signal.aborted, out.target, settings.timeout, !!response);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
    if (log.debugging) {
      const id = response?.headers.get("x-request-id");
      log(
        "debug",
        `${out.target} → ${failure ? `${failure.name} (${failure.code}${rootCode(failure.cause) ? ` ${rootCode(failure.cause)}` : ""})` : response!.status} attempt ${attempt + 1}, ${Date.now() - started} ms${id ? `, request id ${id}` : ""}`,
      );
    }
    if (!failure && (response!.ok || !shouldRetry(response!))) return { response: response!, value };
    const transient = failure instanceof ConnectionError || failure instanceof TimeoutError;
    // Could this attempt have been applied? Only if it left, and did not fail in a way that proves it never arrived.
    reached ||= sent && (!failure || (transient && !NOT_SENT.test(rootCode(failure.cause) ?? "")));
    const canRetry = attempt < settings.maxRetries && mayRetry(out.method, key);
    if (failure) {
      if (!(transient && canRetry)) throw key && reached && transient ? ambiguous(failure, key) : failure;
    } else {
      const asked = serverDelay(response!.headers, settings.now);
      if (asked !== undefined && asked > MAX_HEADER_DELAY) {
        log(
          "warn",
          `${out.target} got ${response!.status} asking to wait ${Math.round(asked)} ms (over 60 s): not retrying.`,
        );
        return { response: response!, value, retryAfterMs: asked };
      }
      if (!canRetry) return { response: response!, value };
    }
    const delay = retryDelay(attempt, response?.headers, settings);
    log(
      "info",
      `${out.target} failed (${failure ? failure.code : response!.status}); retry ${attempt + 1} of ${settings.maxRetries} in ${Math.round(delay)} ms.`,
    );
    await settings.sleep(delay, signal);
  }
}
