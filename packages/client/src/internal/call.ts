import type { OperationId } from "@petstore/contract";
import { InternalServerError, PetstoreError } from "../errors";
import { headerRecord, type QueryValue, REQUEST_OPTIONS, type RequestOptions } from "../options";
import { shouldRetry } from "../retry";
import type { PetstorePromise, WithResponse } from "../types";
import { ambiguous, CLASSES } from "./error-factory";
import type { Context } from "./context";
import { OPERATIONS } from "../generated/operations";
import { checkOptions, invalid, PREFIX } from "./fail";
import { randomKey } from "./runtime";
import type { OperationSpec } from "./operation-spec";

/**
 * The parameters of one typed call, as the generated wiring shapes a method's arguments: path parameters, query
 * parameters, body, then the call's options (the method's argument after those of the request).
 */
export type CallInput = [
  path: Record<string, string | number> | undefined,
  query: Record<string, QueryValue> | undefined,
  body: unknown,
  options: RequestOptions | undefined,
];

/** Makes every typed method: `(id) => method`, one operation of the table sent through the client's retries and checked against the contract. */
export function createCall([baseUrl, shared, send, check]: Context) {
  async function run<T>(id: OperationId, args: readonly unknown[], meta: { response?: Response }): Promise<T> {
    // Inside the async function, so bad arguments reject the call's promise like every other failure.
    const [sdk, shape, checkBody, method, path]: OperationSpec = OPERATIONS[id];
    const [pathParams, queryParams, payload, call] = shape(...args);
    // Misspelt or malformed request options are rejected before anything is sent.
    if (call) checkOptions("request option", call, REQUEST_OPTIONS);
    const given = headerRecord(call?.headers);
    // The body as sent: undefined without one.
    const json = JSON.stringify(payload);
    // Made once per call, so every attempt carries the same key and the service applies the create once.
    const idempotencyKey = method === "POST" && (call?.idempotencyKey ?? given["idempotency-key"] ?? randomKey());
    // Object.assign, not spreads: a chain of spreads is several times slower, and this runs on every call.
    const headers: Record<string, string> = Object.assign(
      {},
      shared,
      given,
      json && { "content-type": "application/json" },
      idempotencyKey && { "idempotency-key": idempotencyKey },
    );
    let url = `${baseUrl}${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParams![name]!))}`;
    const query: Record<string, QueryValue> = { ...queryParams, ...call?.query };
    // `?a=1&b=2`, repeating the name for arrays and leaving out undefined values, as openapi-fetch's default does; a
    // value of another type is a TypeError naming it. Own keys only, as the checks see them: an inherited property is
    // never sent.
    let separator = "?";
    for (const name of Object.keys(query)) {
      for (const item of [query[name]].flat()) {
        if (!["string", "number", "boolean", "undefined"].includes(typeof item))
          invalid(`query.${name}`, "a string, number, boolean or array", item);
        if (item !== undefined) {
          url += `${separator}${encodeURIComponent(name)}=${encodeURIComponent(item)}`;
          separator = "&";
        }
      }
    }
    check(id);
    const [response, text, retryAfterMs] = await send(method, url, headers, json, call);
    check(id, response.headers);
    const { ok, status } = response;
    meta.response = response;
    // A bodiless success (204, or any the contract gives no body) resolves to undefined, whatever the body says.
    if (ok && !checkBody) return undefined as T;
    let value: unknown;
    // The body as errors carry it: its JSON when it parses, else its first 500 characters.
    let body: unknown;
    let problem = "not JSON";
    try {
      body = value = JSON.parse(text);
      problem = ok ? (checkBody as (value: unknown) => string)(value) : "";
    } catch {
      body = text.slice(0, 500);
    }
    if (!ok) {
      // The class for the status; `code` and `message` from the Error body when it has them.
      const received = response.headers;
      const fields = body as { code?: unknown; message?: unknown } | undefined;
      const code = typeof fields?.code === "string" ? fields.code : `http_${status}`;
      const requestId = received.get("x-request-id");
      const error = new (CLASSES[status] ?? (status >= 500 ? InternalServerError : PetstoreError))(
        // The server's text ends as a sentence whatever it sends, so what the SDK adds after it reads as the next
        // one; a wait the server asked for that was too long to honour (over 60 s, so never 0) is told.
        `${PREFIX}${status} ${code}: ${
          typeof fields?.message === "string"
            ? fields.message.trim().replace(/[^.!?\u2026]$/, "$&.") || "(no message)."
            : `not an Error body (${received.get("content-type")}); see error.body.`
        }${requestId ? ` (request id ${requestId})` : ""}${retryAfterMs ? ` Retry after ${Math.ceil(retryAfterMs / 1000)} s (error.retryAfterMs).` : ""}`,
        { code, status, headers: received, body },
      );
      if (retryAfterMs) error.retryAfterMs = retryAfterMs;
      throw idempotencyKey && shouldRetry(response) ? ambiguous(error, idempotencyKey) : error;
    }
    if (problem) {
      throw new PetstoreError(
        `${PREFIX}${sdk} got an invalid ${status} response (${problem}); check baseUrl; see error.body.`,
        { code: "invalid_response", status, headers: response.headers, body },
      );
    }
    return value as T;
  }
  return (id: OperationId) =>
    <T>(...args: unknown[]): PetstorePromise<T> => {
      const meta: { response?: Response } = {};
      const data = run<T>(id, args, meta) as PetstorePromise<T>;
      // The metadata object is made only when asked for; most calls never are.
      data.withResponse = () =>
        // `then` passes one argument: `response` is the call's, read once it settled.
        data.then(
          (value, response = meta.response!): WithResponse<T> => ({
            data: value,
            response,
            status: response.status,
            headers: response.headers,
            requestId: response.headers.get("x-request-id") ?? undefined,
          }),
        );
      return data;
    };
}
