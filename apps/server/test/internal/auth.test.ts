import { describe, expect, it } from "vitest";
import { ACCEPTED_TOKEN_CACHE_SIZE, apiKeyScope, createKeyVerifier } from "../../src/internal/auth";

const keys = ["sk_test_alpha", "sk_test_beta"];

describe("createKeyVerifier", () => {
  it("accepts each configured key, naming its idempotency scope, which never holds the key", () => {
    const verify = createKeyVerifier(keys);
    for (const key of keys) expect(verify(key)).toEqual({ scope: apiKeyScope(key) });
    expect(apiKeyScope(keys[0]!)).not.toBe(apiKeyScope(keys[1]!));
    expect(apiKeyScope(keys[0]!)).not.toContain(keys[0]!);
  });

  it("gives the same verdict the first time and every later time, for accepted and rejected tokens", () => {
    const verify = createKeyVerifier(keys);
    const tokens = [keys[0]!, "sk_test_alph", `${keys[0]}x`, keys[1]!, "", `${keys[0]} ${keys[0]}`];
    const first = tokens.map((token) => verify(token));
    expect(tokens.map((token) => verify(token))).toEqual(first);
    expect(first.map((caller) => caller !== undefined)).toEqual([true, false, false, true, false, false]);
  });

  it("stays correct when more distinct accepted tokens arrive than it remembers", () => {
    const many = Array.from({ length: ACCEPTED_TOKEN_CACHE_SIZE * 2 }, (_, i) => `sk_many_${i}`);
    const verify = createKeyVerifier(many);
    for (const token of many) expect(verify(token)).toEqual({ scope: apiKeyScope(token) });
    for (const token of many) expect(verify(token)).toEqual({ scope: apiKeyScope(token) });
    expect(verify("sk_many_x")).toBeUndefined();
  });
});
