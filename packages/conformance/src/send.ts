import type { AuthVariant, CaseRequest, Exchange, Send } from "./case";
import type { Target } from "./target";

/** The Authorization header for a variant, or `undefined` to send none. */
function authorization(variant: AuthVariant, apiKey: string): string | undefined {
  switch (variant) {
    case "valid":
      return `Bearer ${apiKey}`;
    case "lowercase-scheme":
      return `bearer ${apiKey}`;
    case "missing":
      return undefined;
    case "basic-scheme":
      return `Basic ${Buffer.from(`user:${apiKey}`).toString("base64")}`;
    case "empty-bearer":
      return "Bearer ";
    case "no-scheme":
      return apiKey;
    case "unknown-key":
      return `Bearer not-an-api-key-${apiKey.length}x`;
  }
}

/** Reads a response in full and parses its body when it is JSON. */
async function readExchange(request: CaseRequest, response: Response): Promise<Exchange> {
  const text = await response.text();
  let json: unknown;
  if (text !== "" && /json/i.test(response.headers.get("content-type") ?? "")) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { request, status: response.status, headers: response.headers, text, json, response };
}

/** How long one request may take before the case fails (a hung request must not hang the suite). */
const requestTimeoutMs = 10_000;

/** A `Send` bound to a target: resolves auth, base URL and the default JSON content type. */
export function sender(target: Target): Send {
  return async (request) => {
    const headers = new Headers(request.headers);
    const credential = authorization(request.auth, target.apiKey);
    if (credential !== undefined) headers.set("authorization", credential);
    if (request.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
    const response = await target.fetch(target.baseUrl + request.path, {
      method: request.method,
      headers,
      body: request.body,
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    return readExchange(request, response);
  };
}
