import type { ContractDeprecation, OperationId, paths } from "@petstore/contract";
import { operations } from "@petstore/contract";
import openapiFetch, { type Client } from "openapi-fetch";
import { createContext } from "./internal/context";
import { randomKey } from "./internal/runtime";
import type { Naming } from "./internal/deprecations";
import type { PetstoreClientOptions } from "./options";

// openapi-fetch's CommonJS build sets `exports.default` without `__esModule`, so our CJS build receives the module object.
const createClient = (openapiFetch as unknown as { default?: typeof openapiFetch }).default ?? openapiFetch;

/** The raw client's type: openapi-fetch's, over the contract's paths. */
export type PetstoreRawClient = Client<paths>;

/**
 * The openapi-fetch client with the typed client's options, authentication, retries, timeouts, logging and
 * deprecation warnings; returns `{ data, error, response }` instead of throwing for HTTP errors.
 */
export function createPetstoreRawClient(options: PetstoreClientOptions = {}): PetstoreRawClient {
  const requests = Object.entries(operations).map(([id, { method, path }]) => [id, `${method} ${path}`]);
  // Raw calls are named as HTTP requests (`GET /pets/{petId}`), with the contract's deprecation and replacement.
  const [baseUrl, shared, send, check] = createContext(
    options,
    Object.fromEntries(requests.map(([id, request]) => [id, [request]])) as Naming,
    Object.fromEntries(
      Object.entries(operations).map(([id, op]) => {
        const d = (op as { deprecation?: ContractDeprecation }).deprecation;
        return [id, d && { ...d, deprecatedAt: new Date(d.deprecatedAt), sunset: new Date(d.sunset) }];
      }),
    ),
  );
  const ids = new Map(requests.map(([id, request]) => [request, id as OperationId]));
  const raw = createClient<paths>({
    baseUrl,
    async fetch(request) {
      // Buffered once so every attempt sends the same bytes.
      const body = request.body && (await request.arrayBuffer());
      const headers: Record<string, string> = { ...shared };
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      // As the typed create: one key per call (the caller's when given), reused by every retry, so a POST is retried
      // and the service applies it once.
      if (request.method === "POST") headers["idempotency-key"] ??= randomKey();
      const [response] = await send(
        request.method,
        request.url,
        headers,
        body,
        { signal: request.signal },
        // openapi-fetch reads the body after this returns, so a copy is read to the end here, where the timeout still
        // covers it; the response itself (its url and redirected flag intact) then holds the whole body in memory.
        true,
      );
      return response;
    },
  });
  raw.use({
    onRequest({ request, schemaPath }) {
      const id = ids.get(`${request.method} ${schemaPath}`);
      if (id) check(id);
    },
    onResponse({ request, response, schemaPath }) {
      const id = ids.get(`${request.method} ${schemaPath}`);
      if (id) check(id, response.headers);
    },
  });
  return raw;
}
