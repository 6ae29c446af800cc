import { createHash, timingSafeEqual } from "node:crypto";
import type { Caller } from "@petstore/service";

/** How many distinct accepted tokens the verifier remembers. */
export const ACCEPTED_TOKEN_CACHE_SIZE = 64;

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** A stable, non-reversible name for an API key, used to keep idempotency keys apart per key. */
export function apiKeyScope(apiKey: string): string {
  return digest(apiKey).toString("hex").slice(0, 32);
}

/**
 * The service's `verifyKey` for the server's keys, in constant time: every key is compared (no early exit) and
 * SHA-256 digests of equal length are compared, so timing reveals neither which key matched nor its length.
 *
 * Hashing costs more than the rest of a small request, so tokens that were already accepted are remembered (at most
 * ACCEPTED_TOKEN_CACHE_SIZE, oldest dropped first). Only accepted ones are kept: a client that sends random keys cannot
 * push a real key out, and a rejected token always goes through the full comparison. The lookup is a hash-table probe
 * that compares characters only with a remembered token whose hash is equal, so its timing does not grow with how much
 * of a key a guess gets right.
 */
export function createKeyVerifier(apiKeys: readonly string[]): (token: string) => Caller | undefined {
  const accepted = apiKeys.map((apiKey) => ({ digest: digest(apiKey), caller: { scope: apiKeyScope(apiKey) } }));
  const recent = new Map<string, Caller>();
  return (token) => {
    const remembered = recent.get(token);
    if (remembered !== undefined) return remembered;
    const given = digest(token);
    let caller: Caller | undefined;
    for (const key of accepted) if (timingSafeEqual(key.digest, given)) caller = key.caller;
    if (caller) {
      if (recent.size >= ACCEPTED_TOKEN_CACHE_SIZE) recent.delete(recent.keys().next().value!);
      recent.set(token, caller);
    }
    return caller;
  };
}
