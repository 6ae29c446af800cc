import { afterAll, beforeAll } from "vitest";
import { startServer, type RunningServer, type ServerOptions } from "../../src/index";

export const API_KEY = "sk_test_primary";
export const OTHER_KEY = "sk_test_secondary";

/** Starts a server on port 0 for the test file and closes it afterwards; read `.current` inside tests. */
export function useServer(options: ServerOptions = {}): { current: RunningServer } {
  const holder = {} as { current: RunningServer };
  beforeAll(async () => {
    holder.current = await startServer({ apiKeys: [API_KEY, OTHER_KEY], ...options });
  });
  afterAll(async () => holder.current?.close());
  return holder;
}

/** A raw `fetch` against the server with the test key unless `headers.authorization` says otherwise. */
export async function call(
  server: RunningServer,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const headers: Record<string, string> = { authorization: `Bearer ${API_KEY}`, ...init.headers };
  for (const [key, value] of Object.entries(headers)) if (value === "") delete headers[key];
  if (init.body !== undefined && !("content-type" in headers)) headers["content-type"] = "application/json";
  const response = await fetch(server.url + path, { method: init.method ?? "GET", headers, body: init.body });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** POSTs a pet as JSON. */
export function createPet(server: RunningServer, pet: unknown, headers: Record<string, string> = {}) {
  return call(server, "/v1/pets", { method: "POST", body: JSON.stringify(pet), headers });
}
