import type { paths } from "@petstore/contract";
import openapiFetch, { type Client } from "openapi-fetch";
import { retrySettings } from "../options";
import { abortable, withRetries } from "../retry";
import type { Context } from "./context";

// openapi-fetch's CommonJS build sets `exports.default` without `__esModule`, so our CJS build receives the module object.
const createClient = (openapiFetch as unknown as { default?: typeof openapiFetch }).default ?? openapiFetch;

/** The openapi-fetch client with the SDK's auth, retries, timeouts and deprecation warnings. */
export function createRaw({ options, baseUrl, headers, apiKey, check, send }: Context): Client<paths> {
  const settings = retrySettings(options);
  const raw = createClient<paths>({
    baseUrl,
    headers: { ...options.headers, ...headers },
    async fetch(request) {
      // Buffered once so every attempt sends the same bytes; a request without a body is simply sent again.
      const body = request.body && (await request.arrayBuffer());
      const [response] = await withRetries(
        (attempt) => send(body ? new Request(request, { body }) : request, undefined, attempt),
        // openapi-fetch reads the body after this returns, so a copy is read to the end here, where the timeout still
        // covers it; the response itself (its url and redirected flag intact) then holds the whole body in memory.
        (received) => received.clone().arrayBuffer(),
        settings,
        !/^(POST|PATCH)$/.test(request.method) || request.headers.has("idempotency-key"),
        `${request.method} ${request.url}`,
        request.signal,
      );
      return response;
    },
  });
  raw.use({
    async onRequest({ request, schemaPath }) {
      // As in the typed methods, the caller's signal also stops a slow key function.
      request.headers.set("authorization", `Bearer ${await abortable(apiKey, request.signal)}`);
      check(`${request.method} ${schemaPath}`);
    },
    onResponse({ request, response, schemaPath }) {
      check(`${request.method} ${schemaPath}`, response.headers);
    },
  });
  return raw;
}
