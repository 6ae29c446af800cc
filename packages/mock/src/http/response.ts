import type { ServiceResponse } from "@petstore/service";

/**
 * An override's `Response` as the Node adapter sends it: status, headers and body text. A network error
 * (`Response.error()`, the `networkError` scenario) drops the connection, which is what `fetch` then reports.
 */
export async function fromFetchResponse(answer: Response): Promise<ServiceResponse> {
  if (answer.type === "error") throw Object.assign(new Error("network error"), { name: "AbortError" });
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 1) headers["set-cookie"] = cookies;
  // The adapter counts the bytes it sends.
  delete headers["content-length"];
  return { status: answer.status, headers, body: answer.body === null ? null : await answer.text() };
}
