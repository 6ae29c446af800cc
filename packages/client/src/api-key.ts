import { PetstoreError } from "./errors";
import { PREFIX } from "./internal/fail";
import { readEnv } from "./internal/runtime";
import type { ApiKeySource } from "./options";

const HOW = "pass { apiKey } or set PETSTORE_API_KEY.";

// What a header value can carry, starting with a visible character: fetch would drop leading blanks, and a blank key
// would be no key at all.
const isKey = (key: unknown): key is string => typeof key === "string" && /^[!-~\x80-\xff][\t -~\x80-\xff]*$/.test(key);

/** Turns the `apiKey` option (or `PETSTORE_API_KEY`) into a function resolving the key for each request; throws when there is none. */
export function apiKeyResolver(source: ApiKeySource | undefined): () => Promise<string> {
  let denied = "";
  const key = source ?? readEnv("PETSTORE_API_KEY", () => (denied = " Deno: run with --allow-env=PETSTORE_API_KEY."));
  if (!key) throw new PetstoreError(`${PREFIX}No API key: ${HOW}${denied}`, { code: "missing_api_key" });
  if (typeof key === "function") {
    // A failing key function (a vault that is down) is no network failure: retrying cannot help and the request never
    // left, so it ends the call with its own code. The key is never interpolated: messages end up in logs.
    return async () => {
      let got: unknown;
      try {
        got = await key();
      } catch (cause) {
        throw new PetstoreError(`${PREFIX}The apiKey function failed (see error.cause); no request was sent.`, {
          code: "api_key_error",
          cause,
        });
      }
      if (isKey(got)) return got;
      throw new PetstoreError(`${PREFIX}The apiKey function returned no printable key; no request was sent.`, {
        code: "api_key_error",
      });
    };
  }
  if (!isKey(key))
    throw new PetstoreError(`${PREFIX}The API key is empty or not printable; ${HOW}`, { code: "invalid_api_key" });
  return async () => key;
}
