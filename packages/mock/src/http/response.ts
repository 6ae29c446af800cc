import type { ServerResponse } from "node:http";

/**
 * Sends `answer` as it is: status, reason, every header (a repeated one, such as `Set-Cookie`, as several lines) and
 * the body's bytes. A network error (`Response.error()`, the `networkError` scenario) drops the connection, which is
 * what `fetch` then reports.
 */
export async function sendResponse(response: ServerResponse, answer: Response): Promise<void> {
  if (answer.type === "error") {
    response.destroy();
    return;
  }
  const body = answer.body === null ? undefined : Buffer.from(await answer.arrayBuffer());
  const headers: string[] = [];
  for (const [name, value] of answer.headers) headers.push(name, value);
  if (response.destroyed) return;
  if (answer.statusText) response.writeHead(answer.status, answer.statusText, headers);
  else response.writeHead(answer.status, headers);
  response.end(body);
}
