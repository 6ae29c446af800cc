import type { ConformanceCase, SemanticCheck } from "../case";
import { contractDocument, pathMethods } from "../internal/contract";

/**
 * RFC 9110 §15.5.6: a 405 must name the methods the resource does serve; those are the contract's, and OPTIONS where
 * the target answers it (the service does, on every path; Prism does not).
 */
const allows = (template: string): SemanticCheck<unknown> => {
  const expected = pathMethods(template).sort();
  return {
    name: `Allow lists ${expected.join(", ")}`,
    check: (exchange) => {
      const allow = exchange.headers.get("allow");
      const got = (allow ?? "")
        .split(",")
        .map((method) => method.trim().toUpperCase())
        .filter((method) => method !== "" && method !== "OPTIONS")
        .sort();
      return got.join(",") === expected.join(",")
        ? undefined
        : `expected Allow: ${expected.join(", ")}, got ${allow === null ? "none" : JSON.stringify(allow)}`;
    },
  };
};

/** `Content-Length` equals the body's size in bytes (the service always sends it; so must its stand-ins). */
const contentLength: SemanticCheck<unknown> = {
  name: "Content-Length equals the body's bytes",
  check: (exchange) => {
    const expected = String(new TextEncoder().encode(exchange.text).byteLength);
    const got = exchange.headers.get("content-length");
    return got === expected
      ? undefined
      : `expected Content-Length: ${expected}, got ${got === null ? "none" : JSON.stringify(got)}`;
  },
};

/** A CORS preflight is answered with `access-control-*` headers for the asked method, not with `Allow`. */
const preflight: SemanticCheck<unknown> = {
  name: "answers the preflight with Access-Control-Allow-Origin and -Methods, without Allow",
  check: (exchange) => {
    const origin = exchange.headers.get("access-control-allow-origin");
    const methods = (exchange.headers.get("access-control-allow-methods") ?? "")
      .split(",")
      .map((m) => m.trim().toUpperCase());
    if (origin === null) return "no Access-Control-Allow-Origin";
    if (!methods.includes("POST"))
      return `Access-Control-Allow-Methods ${JSON.stringify(exchange.headers.get("access-control-allow-methods"))} does not allow POST`;
    return exchange.headers.get("allow") === null
      ? undefined
      : `an Allow header instead of a preflight answer: ${exchange.headers.get("allow")}`;
  },
};

/** Per path of the contract, the first of these methods it does not serve: the one a 405 case sends. */
const unservedPreference = ["DELETE", "PUT", "PATCH", "POST", "GET"];

/** Each contract path with a method it does not serve (paths serving every one of them have no 405 case). */
function unservedMethods(): { template: string; method: string }[] {
  return Object.keys(contractDocument.paths).flatMap((template) => {
    const served = pathMethods(template);
    const method = unservedPreference.find((candidate) => !served.includes(candidate));
    return method === undefined ? [] : [{ template, method }];
  });
}

/** Routes and methods outside the contract: Error bodies with 404 and 405, never an HTML or empty page. */
export function routeCases(): ConformanceCase[] {
  const outside = (
    id: string,
    method: string,
    path: string,
    status: number,
    title: string,
    checks: SemanticCheck<unknown>[] = [],
  ): ConformanceCase => ({
    id: `routes.${id}`,
    operationId: null,
    title,
    requires: ["route-errors"],
    request: { method, path, auth: "valid" },
    status,
    checks,
  });
  return [
    outside("unknown-path", "GET", "/orders", 404, "answers an unknown path with a 404 Error body"),
    outside("nested-unknown-path", "GET", "/pets/1/owner", 404, "answers a path below a pet with a 404 Error body"),
    ...unservedMethods().map(({ template, method }) =>
      outside(
        `${method.toLowerCase()}-${template.replace(/[{}]/g, "").split("/").filter(Boolean).join("-")}`,
        method,
        template.replace(/\{[^}]+\}/g, "1"),
        405,
        `answers ${method} ${template} with a 405 Error body and an Allow header`,
        [allows(template)],
      ),
    ),
    {
      id: "routes.cors-preflight",
      operationId: null,
      title: "answers a CORS preflight for POST /pets with access-control-* headers",
      requires: [],
      request: {
        method: "OPTIONS",
        path: "/pets",
        auth: "missing",
        headers: { origin: "https://app.example", "access-control-request-method": "POST" },
      },
      status: 204,
      checks: [preflight],
    },
    {
      id: "listPets.content-length",
      operationId: "listPets",
      title: "sends Content-Length with the list",
      requires: [],
      request: { method: "GET", path: "/pets", auth: "valid" },
      status: 200,
      checks: [contentLength],
    },
    {
      ...outside("unknown-path-content-length", "GET", "/orders", 404, "sends Content-Length with a 404 Error body"),
      checks: [contentLength],
    },
  ];
}
