import { createFinalURL, createQuerySerializer, defaultPathSerializer, mergeHeaders } from "openapi-fetch";
import { errorFromResponse, PetstoreError } from "../errors";
import { checkRequestOptions, retrySettings, type RequestOptions } from "../options";
import { abortable, withRetries } from "../retry";
import type { Context } from "./context";
import { PREFIX } from "./fail";

/** One typed call: the operation as `METHOD /path`, its parameters and body, and how to check the success body. */
export interface CallSpec<T> {
  key: `${"GET" | "POST"} /${string}`;
  query?: Record<string, unknown>;
  path?: Record<string, unknown>;
  header?: Record<string, string>;
  body?: unknown;
  isValid: (value: unknown) => value is T;
  /** Names what `isValid` expects, for the error when it fails. */
  expected: string;
}

/**
 * Makes the function behind `pets.*`. It builds the URL and headers with openapi-fetch's own helpers, so they are
 * exactly `raw`'s, but skips the rest of openapi-fetch's per-call work (option spreads, the middleware chain, and
 * with the global fetch a Request that fetch would only copy), and reads the body once as text inside the attempt,
 * so the timeout covers it without building a second Response.
 */
export function createCall({ options, baseUrl, headers, apiKey, check, send }: Context) {
  const querySerializer = createQuerySerializer();
  const defaults = retrySettings(options);
  return async <T>({ key, header, body, isValid, expected, ...params }: CallSpec<T>, call?: RequestOptions): Promise<T> => {
    if (call) checkRequestOptions(call);
    const settings = call ? retrySettings(options, call) : defaults;
    const [method, path] = key.split(" ") as [string, string];
    check(key);
    const url = createFinalURL(path, { baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer });
    const json = body !== undefined;
    const init = {
      method,
      // openapi-fetch's own merge, so names compare case-insensitively exactly as in `raw`.
      headers: mergeHeaders(json ? { "content-type": "application/json" } : undefined, options.headers, call?.headers, header, headers, {
        // The caller's signal also stops a slow key function; an aborted call never asks for the key.
        authorization: `Bearer ${call?.signal ? await abortable(apiKey, call.signal) : await apiKey()}`,
      }),
      body: json ? JSON.stringify(body) : null,
    };
    const [response, text] = await withRetries((attempt) => send(url, init, attempt), (received) => received.text(), settings, true, `${method} ${url}`, call?.signal);
    check(key, response.headers);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {}
    if (!response.ok) throw errorFromResponse(response.status, value, response.headers);
    if (!isValid(value)) {
      throw new PetstoreError(`${PREFIX}The ${response.status} response is not ${expected}; check that baseUrl points at the Petstore API.`, {
        code: "invalid_response",
        status: response.status,
        headers: response.headers,
      });
    }
    return value;
  };
}
