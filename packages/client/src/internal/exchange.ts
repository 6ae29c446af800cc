import { ConnectionError, PetstoreError, TimeoutError } from "../errors";
import type { FetchFunction, FetchInit, PetstoreClientOptions, RequestOptions } from "../options";
import { defaultSleep } from "../options";
import { MAX_HEADER_DELAY, NOT_IDEMPOTENT, shouldRetry } from "../retry";
import { ambiguous, NOT_SENT } from "./error-factory";
import { PREFIX } from "./fail";
import { CLIENT_ID } from "../generated/version";
import type { Log } from "./log";

/** Sends one request with the client's retries and timeout; see `createExchange`. */
export type Send = ReturnType<typeof createExchange>;

/**
 * A response and its body's text, read within the attempt's timeout, and the wait in ms a server asked for when it
 * was too long to honour.
 */
type Exchanged = [response: Response, text: string, retryAfterMs?: number];

/** What an error and each of its causes may say. */
type Cause = { code?: unknown; cause?: unknown; message?: unknown };

// A body this large is no Petstore answer; refusing it keeps a hostile server from filling memory.
const MAX_BODY = 2 ** 25; // 32 MiB

/**
 * Makes the client's `send`: it sends a request with the client's retries and timeout, reading the body as text
 * inside each attempt so the timeout covers it (of a copy of the response when `copy` is set, leaving the response's
 * own body to its caller). Reading fails with the SDK's `response_too_large` as soon as the body passes 32 MiB,
 * whatever the framing (a `Content-Length` over it fails before reading). Each attempt resolves the API key (bounded by the timeout too) and
 * calls `fetch(url: string, init)` with `x-petstore-client: @petstore/client/<version>` over the request's headers. Throws the SDK's error for a failure
 * without a response; returns any response, successful or not, for the caller to judge.
 */
export function createExchange(options: PetstoreClientOptions, log: Log, apiKey: () => Promise<string>) {
  const { fetchOptions, random = Math.random, sleep = defaultSleep, now = Date.now } = options;
  return async (
    method: string,
    url: string,
    headers: Record<string, string>,
    body: BodyInit | null | undefined,
    call: RequestOptions | undefined,
    copy?: boolean,
  ): Promise<Exchanged> => {
    // The call's options over the client's (both checked when given) over the defaults.
    const maxRetries = call?.maxRetries ?? options.maxRetries ?? 2;
    const timeout = call?.timeout ?? options.timeout ?? 60_000;
    const signal = call?.signal;
    const key = headers["idempotency-key"];
    // What log lines and errors call the request.
    const target = `${method} ${url}`;
    let reached = false;
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw signal.reason;
      const controller = new AbortController();
      let stop!: (reason?: unknown) => void;
      // On timeout, and on the call's abort (then the call throws the signal's reason, whatever this one is).
      const abort = (reason?: unknown) => {
        controller.abort(reason);
        stop(reason);
      };
      signal?.addEventListener("abort", abort);
      const timer = setTimeout(abort, timeout);
      const started = now();
      let response: Response | undefined;
      let value!: string;
      let failure: PetstoreError | undefined;
      // The innermost code (`ECONNREFUSED`, …) of a failure.
      let root: string | undefined;
      // Made when the request is sent (after the key resolved): whether this attempt left.
      let init: FetchInit | undefined;
      const attemptOnce = async () => {
        init = {
          ...fetchOptions,
          method: method,
          // A retry says so, so gateways and logs can tell it from a new call.
          headers: {
            ...headers,
            authorization: `Bearer ${await apiKey()}`,
            // Over every request's headers: the caller cannot replace it.
            "x-petstore-client": CLIENT_ID,
            ...(attempt && { "x-petstore-retry-count": `${attempt}` }),
          },
          body: body,
          // A data property, not a lazy getter: every real fetch reads the signal, and an object literal with a getter
          // gets a hidden class of its own each time, which costs more than the signal.
          signal: controller.signal,
        };
        const got = (response = await ((options.fetch ?? fetch) as FetchFunction)(url, init));
        // A web stream's reader. node-fetch and cross-fetch give Node streams, which a `Response` (Node's, which takes an
        // async iterable) makes a web stream of; cancelling that one ends the Node stream. Not every body goes through a
        // `Response`: making one per call costs more than the call's other work (benchmark 1).
        const stream = (copy ? got.clone() : got).body as ReadableStream<Uint8Array> | null;
        const reader = (stream?.getReader ? stream : stream && new Response(stream).body)?.getReader();
        const decoder = new TextDecoder();
        let text = "";
        // A Content-Length over the limit fails before reading.
        let size = +got.headers.get("content-length")! > MAX_BODY ? Infinity : 0;
        // Counted and decoded chunk by chunk, so no more than the limit and one chunk is held whatever the server sends.
        for (let chunk; reader && size <= MAX_BODY && !(chunk = await reader.read()).done; ) {
          size += chunk.value.byteLength;
          text += decoder.decode(chunk.value, { stream: true });
        }
        if (size > MAX_BODY) {
          // Cancelling releases the connection: the stream being read, and the response's own body when a copy was read.
          void reader?.cancel().catch(() => {});
          void got.body?.cancel?.().catch(() => {});
          throw new PetstoreError(`${PREFIX}${target} sent a body over 32 MiB.`, {
            code: "response_too_large",
            status: got.status,
            headers: got.headers,
          });
        }
        return text + decoder.decode();
      };
      try {
        // Settled by the attempt or by `stop`, so it ends on time even with a fetch or key function that ignores the signal.
        value = await new Promise<string>((resolve, reject) => {
          stop = reject;
          attemptOnce().then(resolve, reject);
        });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        // The innermost code (`ECONNREFUSED`, `UND_ERR_SOCKET`, …) and message along the causes. A key function's
        // error (api_key_error) is the SDK's own; its cause says what failed.
        let inner = (error instanceof PetstoreError ? error.cause : error) as Cause | undefined;
        let message = String(inner);
        for (let depth = 0; inner && depth < 8; inner = inner.cause as Cause, depth++) {
          if (typeof inner.code === "string") root = inner.code;
          if (typeof inner.message === "string") message = inner.message;
        }
        failure = controller.signal.aborted
          ? new TimeoutError(`${PREFIX}${target} timed out after ${timeout} ms; raise timeout.`, {
              code: "timeout",
              cause: error,
            })
          : error instanceof PetstoreError
            ? error
            : // Fetch gave up on redirects (not retried: asking again loops again); the innermost message says so:
              // undici's "redirect count exceeded", node-fetch's "maximum redirect reached at: …", Deno's "Maximum
              // number of redirects (20) reached".
              /redirect/i.test(message)
              ? new PetstoreError(`${PREFIX}${target} hit a redirect loop; check baseUrl.`, {
                  code: "redirect_loop",
                  cause: error,
                })
              : new ConnectionError(
                  `${PREFIX}${target} ${response ? "broke off mid-response" : "got no response"} (${root ? `${root}: ` : ""}${message}); check baseUrl and the network.`,
                  { code: "connection_error", cause: error },
                );
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", abort);
      }
      log("debug", () => {
        const id = response?.headers.get("x-request-id");
        return `${target} → ${failure ? `${failure.code}${root ? ` ${root}` : ""}` : response!.status} attempt ${attempt + 1}, ${now() - started} ms${id ? `, request id ${id}` : ""}`;
      });
      if (!failure && (response!.ok || !shouldRetry(response!))) return [response!, value];
      const transient = failure instanceof ConnectionError || failure instanceof TimeoutError;
      // Could this attempt have been applied? Only if it left, and did not fail in a way that proves it never arrived
      // (a missing root code reads as "undefined", which proves nothing).
      reached ||= !!init && (!failure || (transient && !NOT_SENT.test(root!)));
      const canRetry = attempt < maxRetries && (key || !NOT_IDEMPOTENT.test(method));
      // The wait the server asks for; undefined (no usable header) compares false both ways.
      // Milliseconds the server asks to wait, from `retry-after-ms`, else `Retry-After` (seconds or an HTTP date), or
      // undefined when neither holds a usable value (absent, negative, not a number, a date in the past). `Headers`
      // trims HTTP whitespace from values (absent is null, which matches nothing and is no date).
      const after = response?.headers.get("retry-after") as string;
      const asked =
        response &&
        [
          // A blank value (a no-break space, which `Headers` keeps) is NaN, not 0.
          Number(response.headers.get("retry-after-ms")?.trim() || undefined),
          /^\d+(\.\d+)?$/.test(after) ? +after * 1000 : Date.parse(after) - now(),
        ].find((delay) => delay >= 0 && delay < Infinity);
      if (failure) {
        if (!(transient && canRetry)) throw key && reached && transient ? ambiguous(failure, key) : failure;
      } else {
        if (asked! > MAX_HEADER_DELAY) {
          log(
            "warn",
            `${target} got ${response!.status} asking to wait ${Math.round(asked!)} ms (over 60 s); not retrying.`,
          );
          return [response!, value, asked!];
        }
        if (!canRetry) return [response!, value];
      }
      // Else capped exponential backoff, minus up to 25 % jitter.
      const delay = asked! <= MAX_HEADER_DELAY ? asked! : Math.min(500 * 2 ** attempt, 8000) * (1 - 0.25 * random());
      log(
        "info",
        `${target} failed (${failure ? failure.code : response!.status}); retry ${attempt + 1} of ${maxRetries} in ${Math.round(delay)} ms.`,
      );
      await sleep(delay, signal);
    }
  };
}
