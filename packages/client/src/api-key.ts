import { PetstoreError } from "./errors";
import { PREFIX } from "./internal/fail";
import { readEnv } from "./internal/runtime";
import type { ApiKeySource } from "./options";

const HOW = "pass { apiKey } or set PETSTORE_API_KEY.";

// The key is never interpolated into a message: errors and warnings end up in logs.
function checkKey(key: unknown): string {
  if (typeof key === "string" && /^[\t\x20-\x7e\x80-\xff]+$/.test(key)) return key;
  throw new PetstoreError(`${PREFIX}The API key (not shown) is empty or not printable; ${HOW}`, {
    code: "invalid_api_key",
  });
}

/** Turns the `apiKey` option (or `PETSTORE_API_KEY`) into a function resolving the key for each request; throws when there is none. */
export function apiKeyResolver(source: ApiKeySource | undefined): () => Promise<string> {
  let denied = "";
  const key = source ?? readEnv("PETSTORE_API_KEY", () => (denied = " Deno: run with --allow-env=PETSTORE_API_KEY."));
  if (!key) throw new PetstoreError(`${PREFIX}No API key: ${HOW}${denied}`, { code: "missing_api_key" });
  if (typeof key === "function") return async () => checkKey(await key());
  const checked = Promise.resolve(checkKey(key));
  return () => checked;
}
