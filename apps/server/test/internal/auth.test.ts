import { describe, expect, it } from "vitest";
import { ACCEPTED_HEADER_CACHE_SIZE, apiKeyScope, createAuthenticator } from "../../src/internal/auth";

const keys = ["sk_test_alpha", "sk_test_beta"];

describe("createAuthenticator", () => {
  it("accepts each configured key, naming the caller and its idempotency scope", () => {
    const authenticate = createAuthenticator(keys);
    for (const key of keys) {
      expect(authenticate(`Bearer ${key}`)).toEqual({ ok: true, caller: { apiKey: key, scope: apiKeyScope(key) } });
    }
    expect(apiKeyScope(keys[0]!)).not.toBe(apiKeyScope(keys[1]!));
    expect(apiKeyScope(keys[0]!)).not.toContain(keys[0]!);
  });

  it("gives the same verdict the first time and every later time, for accepted and rejected headers", () => {
    const authenticate = createAuthenticator(keys);
    const headers = [
      `Bearer ${keys[0]}`,
      "Bearer sk_test_alph",
      `Bearer ${keys[0]}x`,
      `bearer   ${keys[1]}  `,
      `Basic ${keys[0]}`,
      "Bearer ",
      undefined,
    ];
    const first = headers.map((header) => authenticate(header));
    const again = headers.map((header) => authenticate(header));
    expect(again).toEqual(first);
    expect(first.map((result) => result.ok)).toEqual([true, false, false, true, false, false, false]);
  });

  it("keeps rejecting a near-miss of a key that was just accepted", () => {
    const authenticate = createAuthenticator(keys);
    expect(authenticate(`Bearer ${keys[0]}`).ok).toBe(true);
    expect(authenticate(`Bearer ${keys[0]!.slice(0, -1)}`).ok).toBe(false);
    expect(authenticate(`Bearer ${keys[0]} `).ok).toBe(true);
    expect(authenticate(`Bearer ${keys[0]} ${keys[0]}`).ok).toBe(false);
  });

  it("stays correct when more distinct accepted headers arrive than it remembers", () => {
    const authenticate = createAuthenticator(keys);
    // Each amount of padding is a distinct header for the same key.
    const variants = Array.from(
      { length: ACCEPTED_HEADER_CACHE_SIZE * 2 },
      (_, i) => `Bearer ${keys[i % 2]}${" ".repeat(i)}`,
    );
    for (const header of variants) expect(authenticate(header).ok).toBe(true);
    for (const header of variants)
      expect(authenticate(header)).toMatchObject({ ok: true, caller: { apiKey: keys[variants.indexOf(header) % 2] } });
    expect(authenticate("Bearer sk_test_gamma").ok).toBe(false);
  });

  it("explains each kind of rejection without echoing the credential", () => {
    const authenticate = createAuthenticator(keys);
    const message = (header: string | undefined) => {
      const result = authenticate(header);
      return result.ok ? "accepted" : result.message;
    };
    expect(message(undefined)).toMatch(/^Missing API key/);
    expect(message("   ")).toMatch(/^Missing API key/);
    expect(message("Token sk_test_alpha")).toMatch(/does not use the Bearer scheme/);
    expect(message("Bearer")).toMatch(/bearer token is empty/);
    expect(message("Bearer sk_wrong_secret")).toMatch(/API key is not valid/);
    for (const header of ["Token sk_test_alpha", "Bearer sk_wrong_secret", "sk_test_alpha"]) {
      expect(message(header)).not.toContain(header.split(" ").at(-1));
    }
  });
});
