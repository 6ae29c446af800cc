import type { FetchFunction } from "../options";

/** Sends one attempt of a request given as a URL and init (the typed methods) or as a Request (`raw`). */
export type Transport = (input: string | Request, init: RequestInit | undefined, attempt: AbortController) => Promise<Response>;

/**
 * The injected fetch gets a Request (its documented shape) built without the signal, and the attempt's signal
 * beside it, as `fetch(request, init)` accepts: undici makes a Request follow a signal with a listener, a WeakRef
 * and a FinalizationRegistry entry, which cost more than the rest of the SDK's work per call. `init.signal` is a
 * getter because the controller creates its signal on first read, so a fetch that never reads it never pays for it.
 * The global fetch gets the URL, init and signal directly, since it builds a Request of its own anyway; it is looked
 * up per call so that tools patching it after the client was created (MSW) see the requests.
 */
export function transport(custom: FetchFunction | undefined): Transport {
  return custom
    ? (input, init, attempt) =>
        custom(typeof input === "string" ? new Request(input, init) : input, {
          get signal() {
            return attempt.signal;
          },
        })
    : (input, init, attempt) => fetch(input, { ...init, signal: attempt.signal });
}
