import { literal, type FieldValues, type TryItOperation } from "./fields";

/** An operation's request as the values make it, without the API key (samples and the panel add that their way). */
export interface PreparedRequest {
  method: string;
  url: string;
  /** Header parameters the reader filled in, then `Content-Type` when there is a body. */
  headers: [string, string][];
  /** The JSON body, numbers exactly as typed; absent for an operation without one. */
  body?: string;
}

/**
 * The request for `operation` with `values` against `baseUrl` (which ends in `/v1`): path parameters filled in and
 * encoded, filled-in query and header parameters, and the filled-in body fields as JSON. Empty values are not sent.
 */
export function prepareRequest(operation: TryItOperation, values: FieldValues, baseUrl: string): PreparedRequest {
  const value = (key: string) => values[key] ?? "";
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(value(`path.${name}`)));
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}${path}`);
  const headers: [string, string][] = [];
  const body: string[] = [];
  for (const field of operation.fields) {
    const typed = value(field.key);
    if (field.in === "path" || typed === "") continue;
    if (field.in === "query") url.searchParams.append(field.name, typed);
    else if (field.in === "header") headers.push([field.name, typed]);
    else body.push(`${JSON.stringify(field.name)}:${literal(field, typed)}`);
  }
  const hasBody = operation.fields.some((f) => f.in === "body");
  if (hasBody) headers.push(["Content-Type", "application/json"]);
  return { method: operation.method, url: url.href, headers, ...(hasBody ? { body: `{${body.join(",")}}` } : {}) };
}
