import type { paths } from "@petstore/contract";
import openapiFetch, { type Client } from "openapi-fetch";
import { retrySettings } from "../options";
import { withRetries } from "../retry";
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
      const [response, bytes] = await withRetries(
        (attempt) => send(body ? new Request(request, { body }) : request, undefined, attempt),
        // openapi-fetch reads the body after this returns, so it is read here, where the timeout still covers it.
        (received) => received.arrayBuffer(),
        settings,
        !/^(POST|PATCH)$/.test(request.method) || request.headers.has("idempotency-key"),
        `${request.method} ${request.url}`,
        request.signal,
      );
      return new Response(bytes.byteLength ? bytes : null, response);
    },
  });
  raw.use({
    async onRequest({ request, schemaPath }) {
      request.headers.set("authorization", `Bearer ${await apiKey()}`);
      check(`${request.method} ${schemaPath}`);
    },
    onResponse({ request, response, schemaPath }) {
      check(`${request.method} ${schemaPath}`, response.headers);
    },
  });
  return raw;
}
