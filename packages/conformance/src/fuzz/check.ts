import { errorCodeByStatus } from "../internal/contract";
import { schemaProblems } from "../internal/validator";
import type { FuzzRequest } from "./arbitraries";

const successSchemas: { method: string; pattern: RegExp; schema: object }[] = [
  { method: "GET", pattern: /^\/pets(\?|$)/, schema: { $ref: "#/components/schemas/Pets" } },
  { method: "POST", pattern: /^\/pets(\?|$)/, schema: { $ref: "#/components/schemas/Pet" } },
  { method: "GET", pattern: /^\/pets\/[^/?]+(\?|$)/, schema: { $ref: "#/components/schemas/Pet" } },
];

/** What is wrong with the answer to a generated request: a 5xx, a missing request id, an Error body off the schema. */
export function fuzzProblems(request: FuzzRequest, status: number, headers: Headers, text: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (!headers.has("x-request-id")) problems.push("header X-Request-Id missing");
  if (request.method === "HEAD" || request.method === "OPTIONS" || status === 204) return problems;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [...problems, `body is not JSON: ${JSON.stringify(text.slice(0, 80))}`];
  }
  if (status >= 400) {
    problems.push(...schemaProblems({ $ref: "#/components/schemas/Error" }, json).map((p) => `Error body ${p}`));
    const body = json as { status?: unknown; code?: unknown };
    if (body?.status !== status) problems.push(`Error body status ${String(body?.status)} differs from HTTP ${status}`);
    const code = errorCodeByStatus[status];
    if (code !== undefined && body?.code !== code) problems.push(`Error code ${String(body?.code)}, expected ${code}`);
  } else {
    const success = successSchemas.find((s) => s.method === request.method && s.pattern.test(request.path));
    if (success) problems.push(...schemaProblems(success.schema, json).map((p) => `body ${p}`));
  }
  return problems;
}
