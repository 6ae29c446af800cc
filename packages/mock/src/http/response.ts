import type { ServiceResponse } from "@petstore/service";
import { isFramingHeader } from "../internal/framing";

/**
 * An override's `Response` as the Node adapter sends it: status, headers and body text. A network error
 * (`Response.error()`, the `networkError` scenario) drops the connection, which is what `fetch` then reports.
 */
export async function fromFetchResponse(answer: Response): Promise<ServiceResponse> {
  if (answer.type === "error") throw Object.assign(new Error("network error"), { name: "AbortError" });
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    // The adapter frames the body it sends (and the connection is its own): a handler's framing headers would
    // contradict it, e.g. `transfer-encoding: chunked` beside the `content-length` it counts.
    if (!isFramingHeader(name)) headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 1) headers["set-cookie"] = cookies;
  return { status: answer.status, headers, body: answer.body === null ? null : await answer.text() };
}
