import { errorCodeByStatus, operationAt, responseObject } from "../internal/contract";
import { schemaProblems } from "../internal/validator";
import type { FuzzRequest } from "./arbitraries";

/**
 * What is wrong with the answer to a generated request: a 5xx, a missing request id, an Error body off the schema, a
 * success body off the schema its operation declares for the status.
 */
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
    // Any operation's answer, from the contract: the body of the response it declares for the status (or `default`).
    const operationId = operationAt(request.method, request.path);
    const schema =
      operationId === undefined
        ? undefined
        : responseObject(operationId, status)?.content?.["application/json"]?.schema;
    if (schema) problems.push(...schemaProblems(schema, json).map((p) => `body ${p}`));
  }
  return problems;
}
