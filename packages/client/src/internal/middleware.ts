import { operations } from "@petstore/contract";
import type { Middleware } from "openapi-fetch";
import { deprecationFromHeaders, type DeprecationInfo } from "../deprecation";
import { VERSION } from "../generated/version";
import { nodeVersion } from "./runtime";

/** Sets `Authorization`, `x-petstore-client` and, in Node, `User-Agent` on every request. */
export function authMiddleware(apiKey: () => Promise<string>): Middleware {
  const node = nodeVersion();
  return {
    async onRequest({ request }) {
      request.headers.set("Authorization", `Bearer ${await apiKey()}`);
      request.headers.set("x-petstore-client", `@petstore/client/${VERSION}`);
      if (node) request.headers.set("User-Agent", `@petstore/client/${VERSION} node/${node}`);
      return request;
    },
  };
}

type Contract = Record<string, { method: string; path: string; deprecation?: { deprecatedAt: string; sunset: string; replacement: string; link: string } }>;

function findOperation(method: string, schemaPath: string) {
  for (const [id, operation] of Object.entries(operations as Contract)) {
    if (operation.method === method && operation.path === schemaPath) return { id, operation };
  }
  return undefined;
}

/** Reports contract deprecations on an operation's first call, and `Deprecation`/`Sunset` response headers on any operation. */
export function deprecationMiddleware(report: (facts: Omit<DeprecationInfo, "message">) => void): Middleware {
  const label = (method: string, schemaPath: string) => {
    const found = findOperation(method, schemaPath);
    return found ? `${found.id} (${method} ${schemaPath})` : `${method} ${schemaPath}`;
  };
  return {
    onRequest({ request, schemaPath }) {
      const deprecation = findOperation(request.method, schemaPath)?.operation.deprecation;
      if (deprecation) {
        report({
          operation: label(request.method, schemaPath),
          source: "contract",
          deprecatedAt: new Date(deprecation.deprecatedAt),
          sunset: new Date(deprecation.sunset),
          replacement: deprecation.replacement,
          link: deprecation.link,
        });
      }
      return undefined;
    },
    onResponse({ request, response, schemaPath }) {
      const facts = deprecationFromHeaders(label(request.method, schemaPath), response.headers);
      if (facts) report(facts);
      return undefined;
    },
  };
}
