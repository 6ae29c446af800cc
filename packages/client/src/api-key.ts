import { PetstoreError } from "./errors";
import { PREFIX } from "./internal/fail";
import { readEnv } from "./internal/runtime";
import type { ApiKeySource } from "./options";

const HOW = "pass { apiKey } or set PETSTORE_API_KEY.";

// The key is never interpolated into a message: errors and warnings end up in logs.
function checkKey(key: unknown): string {
  // What a header value can carry, starting with a visible character: fetch would drop leading blanks, and a blank key
  // would be no key at all.
  if (typeof key === "string" && /^[!-~\x80-\xff][\t -~\x80-\xff]*$/.test(key)) return key;
  throw new PetstoreError(`${PREFIX}The API key is empty or not printable; ${HOW}`, {
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
