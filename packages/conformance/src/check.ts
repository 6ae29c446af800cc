import type { ConformanceCase, Exchange } from "./case";
import { errorCodeByStatus, resolveRef, responseObject, type JsonObject } from "./internal/contract";
import { schemaProblems } from "./internal/validator";
import type { Target } from "./target";

const errorSchema = { $ref: "#/components/schemas/Error" };

/** Problems with an error body's conventions: `status` equals the HTTP status, `code` matches it. */
function errorConventionProblems(exchange: Exchange): string[] {
  const problems: string[] = [];
  const body = exchange.json as { status?: unknown; code?: unknown } | undefined;
  if (body?.status !== undefined && body.status !== exchange.status)
    problems.push(`Error body status ${String(body.status)} differs from HTTP ${exchange.status}`);
  const code = errorCodeByStatus[exchange.status];
  if (code !== undefined && body?.code !== undefined && body.code !== code)
    problems.push(`Error code ${String(body.code)}, expected ${code} for ${exchange.status}`);
  return problems;
}

/** Problems with one declared header: missing, or a value its schema rejects. */
function headerProblems(name: string, header: JsonObject, exchange: Exchange, target: Target): string[] {
  const value = exchange.headers.get(name);
  if (value === null) return name === "Retry-After" && exchange.status !== 429 ? [] : [`header ${name} missing`];
  if (name === "Deprecation" && !target.capabilities.has("deprecation-header-value")) return [];
  const schema = header.schema as JsonObject;
  const typed = schema.type === "integer" && /^-?\d+$/.test(value) ? Number(value) : value;
  return schemaProblems(schema, typed).map(
    (p) => `header ${name}=${JSON.stringify(value)} ${p.replace("(root) ", "")}`,
  );
}

/**
 * Everything the contract says about one response: status, content type, declared headers (X-Request-Id everywhere,
 * Sunset/Deprecation/Link on getPet), a body valid against the declared schema, and Error conventions.
 */
export function contractProblems(kase: ConformanceCase, exchange: Exchange, target: Target): string[] {
  const problems: string[] = [];
  if (exchange.status !== kase.status)
    problems.push(`status ${exchange.status}, expected ${kase.status}: ${exchange.text.slice(0, 160)}`);
  // A 204 (a CORS preflight, or an operation that answers without a body) has no body to hold to a schema.
  if (exchange.status === 204 || exchange.status === 304) {
    if (exchange.text !== "")
      problems.push(`a ${exchange.status} with a body: ${JSON.stringify(exchange.text.slice(0, 80))}`);
    if (target.extraChecks) problems.push(...target.extraChecks(exchange.response));
    return problems;
  }
  const contentType = exchange.headers.get("content-type") ?? "";
  if (!/^application\/json(;|$)/i.test(contentType))
    problems.push(`content-type ${JSON.stringify(contentType)}, expected application/json`);
  if (exchange.json === undefined) problems.push(`body is not JSON: ${JSON.stringify(exchange.text.slice(0, 80))}`);

  if (kase.operationId === null) {
    if (!exchange.headers.has("x-request-id")) problems.push("header X-Request-Id missing");
    if (exchange.json !== undefined) {
      problems.push(
        ...schemaProblems(errorSchema, exchange.json).map((p) => `body ${p}`),
        ...errorConventionProblems(exchange),
      );
    }
  } else {
    const declared = responseObject(kase.operationId, exchange.status);
    if (!declared) {
      problems.push(`status ${exchange.status} is not declared for ${kase.operationId}`);
    } else {
      for (const [name, header] of Object.entries((declared.headers ?? {}) as JsonObject)) {
        problems.push(...headerProblems(name, resolveRef(header as JsonObject), exchange, target));
      }
      const schema = declared.content?.["application/json"]?.schema as JsonObject | undefined;
      if (schema && exchange.json !== undefined)
        problems.push(...schemaProblems(schema, exchange.json).map((p) => `body ${p}`));
      if (exchange.status >= 400 && exchange.json !== undefined) problems.push(...errorConventionProblems(exchange));
    }
  }
  if (target.extraChecks) problems.push(...target.extraChecks(exchange.response));
  return problems;
}
